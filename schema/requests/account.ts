// Registration and sign-in with a key (docs/api.md, docs/sessions.md).
import * as v from "valibot";
import { email, MESSAGES, required } from "./fields";

export const organizationName = v.pipe(
  v.string(MESSAGES.orgNameMin),
  v.trim(),
  v.minLength(2, MESSAGES.orgNameMin),
  v.maxLength(100, "Organization name must be at most 100 characters"),
);

export const ADMIN_NAME_MESSAGES = {
  required: "Please enter your name",
  max: "Your name must be at most 100 characters",
} as const;
const adminName = v.pipe(
  v.string(ADMIN_NAME_MESSAGES.required),
  v.trim(),
  v.nonEmpty(ADMIN_NAME_MESSAGES.required),
  v.maxLength(100, ADMIN_NAME_MESSAGES.max),
);

export const registerBody = v.object({
  name: required(organizationName),
  email: required(email(MESSAGES.registrationEmail)),
  /** The first admin's own name (their member's name); optional for API callers: the e-mail's local part stands in. */
  adminName: v.optional(adminName),
});

/** The sign-up form asks the admin's name: the same body with the name required. */
export const signUpForm = v.object({ ...registerBody.entries, adminName: required(adminName) });

export const sessionBody = v.object({
  apiKey: required(v.pipe(v.string("API key is required"), v.trim(), v.nonEmpty("API key is required"), v.maxLength(200))),
});
