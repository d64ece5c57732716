/** @jest-environment node */
import { ApiError, errorDetail } from "@/lib/api-client/api-error";

describe("ApiError", () => {
  it("carries status, status text, message and data", () => {
    const err = new ApiError(418, "I'm a teapot", "418: short and stout", { error: "teapot" });
    expect(err).toBeInstanceOf(Error);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.name).toBe("ApiError");
    expect(err.status).toBe(418);
    expect(err.statusText).toBe("I'm a teapot");
    expect(err.message).toBe("418: short and stout");
    expect(err.data).toEqual({ error: "teapot" });
  });

  it("has no data when none was given", () => {
    const err = new ApiError(0, "Network Error", "Network error while fetching /x: down");
    expect(err.data).toBeUndefined();
    expect("data" in err).toBe(false);
  });
});

describe("errorDetail", () => {
  it("prefers the body's message", () => {
    expect(errorDetail({ message: "Server not found", error: "not_found" }, "Not Found", "raw")).toBe("Server not found");
  });

  it("falls back to the body's error code", () => {
    expect(errorDetail({ error: "not_found" }, "Not Found", "raw")).toBe("not_found");
  });

  it("ignores empty or non-string fields", () => {
    expect(errorDetail({ message: "", error: 42 }, "Not Found", "raw")).toBe("Not Found");
  });

  it("falls back to the status text", () => {
    expect(errorDetail(undefined, "Bad Gateway", "<html>oops</html>")).toBe("Bad Gateway");
  });

  it("falls back to the raw body text when there is no status text", () => {
    expect(errorDetail(undefined, "", "upstream exploded")).toBe("upstream exploded");
    expect(errorDetail(["not", "an", "object"], "", "raw list")).toBe("raw list");
  });
});
