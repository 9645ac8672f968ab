/** Period of the Advanced Analytics screen (spec: "total cost 30d"). Kept apart so the route loader stays light. */
export const ADVANCED_DAYS = 30;
