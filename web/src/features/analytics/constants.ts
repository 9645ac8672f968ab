/** Period of the Analytics screen: stats, monthly trends and model usage (schema/constants/: 30 days). */
export const ANALYTICS_DAYS = 30;
