import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { JsonView } from "@/components/workbench/results/json-view";
import { PromptMessagesView } from "@/components/workbench/results/prompt-messages-view";
import { RawExchangeView } from "@/components/workbench/results/raw-exchange-view";
import { ResourceContentsView } from "@/components/workbench/results/resource-contents-view";
import { ToolResultView } from "@/components/workbench/results/tool-result-view";

import { everythingFixture } from "./everything";

const results = everythingFixture.results;

afterEach(() => jest.restoreAllMocks());
const tinyPng = results["get-tiny-image"].content[1] as { data: string; mimeType: string };

/** A valid 8 kHz mono 16-bit WAV header with no samples. */
function tinyWav(): string {
  const le = (n: number, bytes: number) =>
    Array.from({ length: bytes }, (_, i) => String.fromCharCode((n >> (8 * i)) & 0xff)).join("");
  return btoa(`RIFF${le(36, 4)}WAVEfmt ${le(16, 4)}${le(1, 2)}${le(1, 2)}${le(8000, 4)}${le(16000, 4)}${le(2, 2)}${le(16, 2)}data${le(0, 4)}`);
}

describe("ToolResultView", () => {
  it("renders server-everything's tiny image as an <img> with a data: URL and alt text", () => {
    render(<ToolResultView result={results["get-tiny-image"]} />);
    const img = screen.getByRole("img", { name: /^Image content \(image\/png, [\d.]+ KB\)$/ });
    expect(img).toHaveAttribute("src", `data:image/png;base64,${tinyPng.data}`);
    expect(screen.getAllByLabelText("Text")[0]).toHaveTextContent("Here's the image you requested:");
  });

  it("keeps whitespace in text and pretty-prints JSON-looking text, with a toggle back", async () => {
    const user = userEvent.setup({ delay: null });
    render(<ToolResultView result={{ content: [{ type: "text", text: '{"a":1,"b":[true]}' }, { type: "text", text: "line 1\n   indented" }] }} />);
    const [json, plain] = screen.getAllByLabelText("Text");
    expect(json.textContent).toBe('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}');
    expect(plain.textContent).toBe("line 1\n   indented");
    expect(plain).toHaveClass("whitespace-pre-wrap", "font-mono");

    const toggle = screen.getByRole("button", { name: "Pretty-print JSON" });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(json.textContent).toBe('{"a":1,"b":[true]}');
  });

  it("shows structured content as a JSON tree", () => {
    render(<ToolResultView result={results["get-structured-content"]} />);
    const tree = screen.getByRole("group", { name: "Structured content" });
    expect(tree).toHaveTextContent('"temperature": 33');
    expect(tree).toHaveTextContent('"conditions": "Cloudy"');
  });

  it("marks an error result clearly", () => {
    render(<ToolResultView result={{ isError: true, content: [{ type: "text", text: "Unknown city" }] }} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The tool reported an error");
    const section = screen.getByRole("group", { name: "Tool error result" });
    expect(section).toHaveClass("border-destructive");
    expect(section).toHaveTextContent("Unknown city");
  });

  it("does not mark a successful result as an error", () => {
    render(<ToolResultView result={results["get-structured-content"]} />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Tool result" })).not.toHaveClass("border-destructive");
  });

  it("replaces an image over the 5 MB default limit with a notice", () => {
    const huge = "A".repeat(8_000_000);
    render(<ToolResultView result={{ content: [{ type: "image", data: huge, mimeType: "image/png" }] }} />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("Image not shown: 5.7 MB is over the 5 MB limit.");
  });

  it("applies a custom media limit, and refuses a non-image type in an image block", () => {
    render(
      <ToolResultView
        maxMediaBytes={100}
        result={{ content: [{ type: "image", ...tinyPng }, { type: "image", data: tinyPng.data, mimeType: "text/html" }] }}
      />,
    );
    const notes = screen.getAllByRole("note");
    expect(notes[0]).toHaveTextContent(/^Image not shown: [\d.]+ KB is over the 100 B limit\.$/);
    expect(notes[1]).toHaveTextContent('Image not shown: "text/html" is not an image type.');
  });

  it("plays audio from base64", () => {
    const data = tinyWav();
    render(<ToolResultView result={{ content: [{ type: "audio", data, mimeType: "audio/wav" }] }} />);
    const audio = screen.getByLabelText("Audio content (audio/wav, 44 B)");
    expect(audio.tagName).toBe("AUDIO");
    expect(audio).toHaveAttribute("controls");
    expect(audio).toHaveAttribute("src", `data:audio/wav;base64,${data}`);
  });

  it("lists resource links with an Open button that calls back with the URI", async () => {
    const user = userEvent.setup({ delay: null });
    const onOpenResource = jest.fn();
    render(<ToolResultView result={results["get-resource-links"]} onOpenResource={onOpenResource} />);
    expect(screen.getByText("Resource 1: plaintext resource")).toBeInTheDocument();
    expect(screen.getByText("demo://resource/dynamic/text/2")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open Text Resource 2" }));
    expect(onOpenResource).toHaveBeenCalledWith("demo://resource/dynamic/text/2");
  });

  it("offers no Open button when nothing can open resources", () => {
    render(<ToolResultView result={results["get-resource-links"]} />);
    expect(screen.queryByRole("button", { name: /^Open/ })).not.toBeInTheDocument();
  });

  it("shows an embedded text resource and lets it be opened", async () => {
    const user = userEvent.setup({ delay: null });
    const onOpenResource = jest.fn();
    render(<ToolResultView result={results["get-resource-reference"]} onOpenResource={onOpenResource} />);
    expect(screen.getByLabelText("Resource text")).toHaveTextContent(/^Resource 1: This is a plaintext resource/);
    await user.click(screen.getByRole("button", { name: "Open demo://resource/dynamic/text/1" }));
    expect(onOpenResource).toHaveBeenCalledWith("demo://resource/dynamic/text/1");
  });

  it("offers an embedded binary resource as a download", () => {
    render(
      <ToolResultView
        result={{
          content: [{ type: "resource", resource: { uri: "file:///tmp/report.gz", mimeType: "application/gzip", blob: "H4sIAAAAAAAAAwMAAAAAAAAAAAA=" } }],
        }}
      />,
    );
    const link = screen.getByRole("link", { name: "Download report.gz (20 B)" });
    expect(link).toHaveAttribute("download", "report.gz");
    expect(link).toHaveAttribute("href", "data:application/gzip;base64,H4sIAAAAAAAAAwMAAAAAAAAAAAA=");
  });

  it("shows content of an unknown type as JSON instead of dropping it", () => {
    render(<ToolResultView result={{ content: [{ type: "hologram", frames: 3 }] }} />);
    expect(screen.getByText("Content of a type this console does not display:")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Content" })).toHaveTextContent('"frames": 3');
  });

  it("says when there is no content", () => {
    render(<ToolResultView result={{ content: [] }} />);
    expect(screen.getByText("No content.")).toBeInTheDocument();
  });
});

describe("JsonView", () => {
  const value = { user: { name: "Ada", roles: ["admin", "dev"] }, active: true, score: 1.5, note: null };

  it("collapses from collapsedDepth on and expands and collapses with the keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    render(<JsonView value={value} collapsedDepth={1} label="Result" />);
    const tree = screen.getByRole("group", { name: "Result" });
    expect(tree).toHaveTextContent('"active": true');
    expect(tree).toHaveTextContent('"note": null');
    expect(tree).not.toHaveTextContent('"Ada"');

    const userToggle = screen.getByRole("button", { name: "user: object, 2 keys" });
    expect(userToggle).toHaveAttribute("aria-expanded", "false");
    userToggle.focus();
    await user.keyboard("{Enter}");
    expect(userToggle).toHaveAttribute("aria-expanded", "true");
    expect(tree).toHaveTextContent('"name": "Ada"');

    const roles = screen.getByRole("button", { name: "roles: array, 2 items" });
    roles.focus();
    await user.keyboard("{ArrowRight}");
    expect(tree).toHaveTextContent('"admin"');
    await user.keyboard("{ArrowLeft}");
    expect(roles).toHaveAttribute("aria-expanded", "false");
    expect(tree).not.toHaveTextContent('"admin"');

    await user.tab({ shift: true });
    expect(userToggle).toHaveFocus();
    await user.keyboard(" ");
    expect(userToggle).toHaveAttribute("aria-expanded", "false");
    expect(tree).not.toHaveTextContent('"Ada"');
  });

  it("expands and collapses everything", async () => {
    const user = userEvent.setup({ delay: null });
    render(<JsonView value={value} collapsedDepth={0} />);
    expect(screen.getByRole("button", { name: "root: object, 4 keys" })).toHaveAttribute("aria-expanded", "false");
    await user.click(screen.getByRole("button", { name: "Expand all" }));
    expect(screen.getByRole("group", { name: "JSON" })).toHaveTextContent('"dev"');
    await user.click(screen.getByRole("button", { name: "Collapse all" }));
    expect(screen.getByRole("button", { name: "root: object, 4 keys" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "user: object, 2 keys" })).toHaveAttribute("aria-expanded", "false");
  });

  it("copies the value as formatted JSON and says so", async () => {
    const user = userEvent.setup({ delay: null });
    render(<JsonView value={value} label="Result" />);
    await user.click(screen.getByRole("button", { name: "Copy Result" }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(value, null, 2));
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
  });

  it("says so when the clipboard refuses", async () => {
    const user = userEvent.setup({ delay: null });
    jest.spyOn(navigator.clipboard, "writeText").mockRejectedValueOnce(new Error("denied"));
    render(<JsonView value={value} />);
    await user.click(screen.getByRole("button", { name: "Copy JSON" }));
    expect(screen.getByRole("status")).toHaveTextContent("Could not copy");
  });

  it("renders long arrays in pages", async () => {
    const user = userEvent.setup({ delay: null });
    render(<JsonView value={Array.from({ length: 250 }, (_, i) => `v${i}`)} />);
    const tree = screen.getByRole("group", { name: "JSON" });
    expect(tree).toHaveTextContent('"v99"');
    expect(tree).not.toHaveTextContent('"v100"');
    await user.click(screen.getByRole("button", { name: "Show 100 more of 150 hidden" }));
    expect(tree).toHaveTextContent('"v199"');
    await user.click(screen.getByRole("button", { name: "Show 50 more of 50 hidden" }));
    expect(tree).toHaveTextContent('"v249"');
  });

  it("shows a primitive at the root", () => {
    render(<JsonView value="just text" />);
    expect(screen.getByRole("group", { name: "JSON" })).toHaveTextContent('"just text"');
    expect(screen.queryByRole("button", { name: "Expand all" })).not.toBeInTheDocument();
  });
});

describe("ResourceContentsView", () => {
  it("shows text, image and binary contents", () => {
    render(
      <ResourceContentsView
        result={{
          contents: [
            { uri: "demo://a.md", mimeType: "text/markdown", text: "# Title\n\nBody" },
            { uri: "demo://pic.png", mimeType: "image/png", blob: tinyPng.data },
            { uri: "demo://data.bin", mimeType: "application/octet-stream", blob: "AAEC" },
          ],
        }}
      />,
    );
    expect(screen.getByLabelText("Resource text").textContent).toBe("# Title\n\nBody");
    expect(screen.getByRole("img")).toHaveAttribute("src", `data:image/png;base64,${tinyPng.data}`);
    expect(screen.getByRole("link", { name: "Download data.bin (3 B)" })).toHaveAttribute("download", "data.bin");
    expect(screen.getByText("text/markdown")).toBeInTheDocument();
  });

  it("says when a resource has no contents", () => {
    render(<ResourceContentsView result={{ contents: [] }} />);
    expect(screen.getByText("The resource has no contents.")).toBeInTheDocument();
  });
});

describe("PromptMessagesView", () => {
  it("shows each message with its role", () => {
    render(<PromptMessagesView result={everythingFixture.prompt.result} />);
    const message = screen.getByRole("listitem", { name: "Message 1, user" });
    expect(message).toHaveTextContent("user");
    expect(within(message).getByLabelText("Text")).toHaveTextContent("What's weather in Paris, TX?");
  });

  it("renders content of every type in messages", () => {
    render(
      <PromptMessagesView
        result={{
          description: "Two turns",
          messages: [
            { role: "user", content: { type: "image", data: tinyPng.data, mimeType: "image/png" } },
            { role: "assistant", content: { type: "resource", resource: { uri: "demo://x", text: "embedded" } } },
          ],
        }}
      />,
    );
    expect(screen.getByText("Two turns")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Message 1, user" })).getByRole("img")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Message 2, assistant" })).getByLabelText("Resource text")).toHaveTextContent("embedded");
  });
});

describe("RawExchangeView", () => {
  const request = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "echo", arguments: { message: "hi" } } };

  it("shows the request and response on demand", async () => {
    const user = userEvent.setup({ delay: null });
    render(<RawExchangeView request={request} response={{ jsonrpc: "2.0", id: 7, result: { content: [] } }} />);
    const requestToggle = screen.getByRole("button", { name: "Request · tools/call" });
    expect(requestToggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("group", { name: "request" })).not.toBeInTheDocument();
    await user.click(requestToggle);
    expect(screen.getByRole("group", { name: "request" })).toHaveTextContent('"message": "hi"');
    await user.click(screen.getByRole("button", { name: "Response · result" }));
    expect(screen.getByRole("group", { name: "response" })).toHaveTextContent('"id": 7');
  });

  it("labels an error response and a missing one", () => {
    const { rerender } = render(<RawExchangeView request={request} response={{ jsonrpc: "2.0", id: 7, error: { code: -32602, message: "bad" } }} />);
    expect(screen.getByRole("button", { name: "Response · error" })).toBeInTheDocument();
    rerender(<RawExchangeView request={request} />);
    expect(screen.getByText("No response received.")).toBeInTheDocument();
  });
});
