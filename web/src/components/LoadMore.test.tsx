// "Showing N of M": a total the server stopped counting at (GET /api/logs/counts `capped`, docs/scaling.md#counts)
// reads "10,000+"; an exact one reads as is. Rendered by React itself (server renderer, no DOM).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LOG_COUNT_CAP } from "@promptsentry/schema/constants/logs";
import { LoadMore } from "./LoadMore";

const idle = { hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: false, error: null, fetchNextPage: () => undefined };
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("LoadMore's count", () => {
  it('shows a capped total as "10,000+"', () => {
    const html = renderToStaticMarkup(<LoadMore query={idle} shown={50} total={LOG_COUNT_CAP} capped noun="logs" />);
    expect(text(html)).toContain("Showing 50 of 10,000+ logs");
  });
  it("shows an exact total without a plus", () => {
    const html = renderToStaticMarkup(<LoadMore query={idle} shown={50} total={1234} capped={false} noun="logs" />);
    expect(text(html)).toContain("Showing 50 of 1,234 logs");
  });
});
