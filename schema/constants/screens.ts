// What the screens show besides data: the product's name, how often they refresh, how much of a text a row
// shows (docs/web.md).

export const PRODUCT_NAME = "PromptSentry";
export const STATUS_CARD_KEY_CHARS = 20;

export const FEED_SIZE = 10;
export const ALERTS_PANEL_SIZE = 5;

export const REFRESH_MS = { feed: 5_000, alerts: 30_000, stats: 30_000, trends: 60_000 } as const;
export const TRUNCATE = { feed: 100, logs: 200, redFlags: 150 } as const;
