/** Period of the Analytics screen: stats, monthly trends and model usage (spec §9: 30 days). */
export const ANALYTICS_DAYS = 30;
