/** @jest-environment node */
import { ApiError, isApiError, errorCodeOf } from "@/lib/api-client/api-error";
import { ERROR_STATUS, isExpiredAnswer, namesCode } from "@/lib/api-contract/error-codes";
import { HttpError, badRequest, planRequired, rateLimited, tokenExpired } from "@/lib/http/errors";

/** What the browser's client makes of an HttpError once the route wrapper has answered with it. */
function asReceived(err: HttpError): ApiError {
  const body = { error: err.code, message: err.message, ...err.extra, ...(err.details === undefined ? {} : { details: err.details }) };
  return new ApiError(err.status, "", `${err.status}: ${err.message}`, body);
}

describe("the API's error codes", () => {
  it("send each code with its own status", () => {
    expect(new HttpError("conflict", "Taken.").status).toBe(409);
    expect(new HttpError("upstream_timeout", "Slow.").status).toBe(504);
    expect(badRequest("Bad.").status).toBe(ERROR_STATUS.validation_failed);
    expect(tokenExpired()).toMatchObject({ status: 401, code: "token_expired", extra: { code: "token_expired", expired: true } });
    expect(rateLimited(30)).toMatchObject({ status: 429, headers: { "Retry-After": "30" } });
  });

  it("name the feature a plan would unlock", () => {
    const err = planRequired("dataExport", "Exporting data needs the Pro or Enterprise plan.");
    expect(err).toMatchObject({ status: 403, code: "plan_required", extra: { feature: "dataExport" } });
    expect(isApiError(asReceived(err), "plan_required")).toBe(true);
    expect(isApiError(asReceived(err), "forbidden")).toBe(false);
  });

  it("are told apart in the browser by the answer's code", () => {
    const received = asReceived(badRequest("Bad.", [{ path: "name", message: "Required" }]));
    expect(isApiError(received)).toBe(true);
    expect(errorCodeOf(received)).toBe("validation_failed");
    expect(errorCodeOf(new ApiError(0, "Network Error", "Network error while fetching /x: down"))).toBeNull();
    expect(errorCodeOf(new ApiError(418, "", "418: x", { error: "teapot" }))).toBeNull();
    expect(isApiError(new Error("plan_required"), "plan_required")).toBe(false);
    expect(namesCode({ type: "error", error: "cancelled" }, "cancelled")).toBe(true);
  });

  it("recognise an expired session by either of its marks", () => {
    expect(isExpiredAnswer({ expired: true })).toBe(true);
    expect(isExpiredAnswer({ code: "token_expired" })).toBe(true);
    expect(isExpiredAnswer({ error: "unauthenticated" })).toBe(false);
  });
});
