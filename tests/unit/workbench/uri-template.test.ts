/** @jest-environment node */
import { expandTemplate, templateVariables } from "@/lib/workbench/uri-template";

describe("resource templates (RFC 6570)", () => {
  it("names the variables a template needs, once each, in order", () => {
    expect(templateVariables("demo://resource/dynamic/text/{resourceId}")).toEqual(["resourceId"]);
    expect(templateVariables("https://api.example.com{/owner,repo}/issues{?state,page}{&state}")).toEqual(["owner", "repo", "state", "page"]);
    expect(templateVariables("file:///{+path}{#section}")).toEqual(["path", "section"]);
    expect(templateVariables("no variables here")).toEqual([]);
  });

  it("expands simple variables, encoding what is not unreserved", () => {
    expect(expandTemplate("demo://resource/dynamic/text/{resourceId}", { resourceId: "7" })).toBe("demo://resource/dynamic/text/7");
    expect(expandTemplate("search/{q}", { q: "a b/c?d" })).toBe("search/a%20b%2Fc%3Fd");
    expect(expandTemplate("x/{v}", { v: "héllo!" })).toBe("x/h%C3%A9llo%21");
  });

  it("keeps reserved characters for + and #, and builds paths, labels and queries", () => {
    expect(expandTemplate("file:///{+path}", { path: "docs/read me.md" })).toBe("file:///docs/read%20me.md");
    expect(expandTemplate("page{#section}", { section: "a/b" })).toBe("page#a/b");
    expect(expandTemplate("repos{/owner,repo}", { owner: "acme", repo: "tools" })).toBe("repos/acme/tools");
    expect(expandTemplate("host{.tld}", { tld: "org" })).toBe("host.org");
    expect(expandTemplate("items{;id}", { id: "3" })).toBe("items;id=3");
    expect(expandTemplate("list{?state,page}{&sort}", { state: "open", page: "2", sort: "new" })).toBe("list?state=open&page=2&sort=new");
  });

  it("leaves out variables that have no value", () => {
    expect(expandTemplate("list{?state,page}", { page: "2" })).toBe("list?page=2");
    expect(expandTemplate("list{?state}", {})).toBe("list");
    expect(expandTemplate("a/{b}/c", { b: "" })).toBe("a//c");
  });
});
