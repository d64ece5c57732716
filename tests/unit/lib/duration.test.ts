import { formatDuration } from "@/lib/duration";

describe("a duration in words (an outage, a maintenance window)", () => {
  it.each([
    [0, "0 s"],
    [45, "45 s"],
    [200, "3 min"],
    [300, "5 min"],
    [3_600, "1 h"],
    [4_830, "1 h 20 min"],
    [86_400, "1 d"],
    [2 * 86_400 + 3 * 3_600, "2 d 3 h"],
  ])("%i s reads %s", (sec, text) => expect(formatDuration(sec)).toBe(text));

  it("rounds a fraction of a second and never reads negative", () => {
    expect(formatDuration(59.6)).toBe("1 min");
    expect(formatDuration(-3)).toBe("0 s");
  });
});
