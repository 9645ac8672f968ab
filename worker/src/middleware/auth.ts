// Moved to auth/principal.ts; this path stays until its importers are updated.
export * from "../auth/principal";
