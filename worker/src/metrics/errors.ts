/** A metric query that the policy refuses or SQLite could not run; the message is fit for the user. */
export class MetricQueryError extends Error {}
