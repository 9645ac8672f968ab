import { describe, expect, it } from "vitest";
import { distributionLabels } from "./distribution";

describe("flag distribution labels", () => {
  it("labels slices with rounded percentages", () => {
    expect(distributionLabels(2, 1)).toEqual(["Safe (67%)", "Flagged (33%)"]);
    expect(distributionLabels(0, 0)).toEqual(["Safe (0%)", "Flagged (0%)"]);
  });
});
