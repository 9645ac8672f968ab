export const USER_VIEW_DAYS = 30;
