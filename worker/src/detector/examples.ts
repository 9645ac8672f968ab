// Credentials that vendors publish in their own documentation or SDKs as examples. They grant no
// access to anything, appear in countless tutorials, and would otherwise be flagged as critical on
// every pasted doc snippet, so they are never reported. The Firebase/GCP list is the allowlist the
// gitleaks project keeps for its gcp-api-key rule (example keys from firebase-android-sdk).
// NB: some rows of the gitleaks fixtures in eval/ are exactly these keys; the eval script reports
// how many benign rows this list clears so that figure is not mistaken for detector skill.
export const KNOWN_EXAMPLE_CREDENTIALS: ReadonlySet<string> = new Set([
  // AWS documentation
  "AKIAIOSFODNN7EXAMPLE",
  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "AKIAI44QH8DHBEXAMPLE",
  "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
  // Firebase Android SDK examples (gitleaks allowlist)
  "AIzaSyabcdefghijklmnopqrstuvwxyz1234567",
  "AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs",
  "AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM",
  "AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU",
  "AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0",
  "AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A",
  "AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c",
  "AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4",
  "AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY",
  "AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM",
  "AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ",
  "AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g",
  "AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU",
  "AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw",
  "AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE",
  "AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY",
  // Stripe documentation
  "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
]);

/** Payment-card numbers that card networks and processors publish for testing (Luhn-valid, never chargeable). */
export const KNOWN_TEST_CARD_NUMBERS: ReadonlySet<string> = new Set([
  "4242424242424242",
  "4000056655665556",
  "4111111111111111",
  "4012888888881881",
  "4000000000000002",
  "5555555555554444",
  "5200828282828210",
  "5105105105105100",
  "2223003122003222",
  "378282246310005",
  "371449635398431",
  "378734493671000",
  "6011111111111117",
  "6011000990139424",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "3530111333300000",
  "6200000000000005",
]);
