import { createRef, useState } from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SchemaForm } from "@/components/workbench/schema-form/schema-form";
import { defaultsFor } from "@/lib/workbench/schema-form/defaults";
import type { Issue, JsonSchema } from "@/lib/workbench/schema-form/types";

import { everythingTools, toolSchema } from "./everything";
import { installResizeObserver } from "./jsdom-gaps";

beforeAll(installResizeObserver);

const everything: JsonSchema = {
  type: "object",
  required: ["name", "count", "mode"],
  properties: {
    name: { type: "string", title: "Full name", description: "Who to greet", minLength: 2 },
    email: { type: "string", format: "email" },
    birthday: { type: "string", format: "date" },
    website: { type: "string", format: "uri" },
    when: { type: "string", format: "date-time" },
    count: { type: "integer", minimum: 1, maximum: 10, default: 3 },
    ratio: { type: "number", exclusiveMaximum: 1, multipleOf: 0.25 },
    verbose: { type: "boolean", default: true },
    mode: { type: "string", enum: ["fast", "slow"], default: "fast" },
    version: { const: 2 },
    tags: { type: "array", items: { type: "string" }, maxItems: 2 },
    address: {
      type: "object",
      title: "Address",
      properties: { city: { type: "string" }, zip: { type: "string", pattern: "^\\d{5}$" } },
      required: ["city"],
    },
    limit: { anyOf: [{ type: "integer" }, { type: "null" }] },
    metadata: { type: "object", description: "Free-form labels", additionalProperties: { type: "string" } },
  },
};

function Harness({
  schema,
  onSubmit = () => {},
  initial,
  errors,
  disabled,
}: {
  schema: JsonSchema;
  onSubmit?: (value: Record<string, unknown>) => void;
  initial?: Record<string, unknown>;
  errors?: Issue[];
  disabled?: boolean;
}) {
  const [value, setValue] = useState(() => initial ?? defaultsFor(schema));
  return (
    <>
      <SchemaForm
        schema={schema}
        value={value}
        onChange={setValue}
        onSubmit={onSubmit}
        errors={errors}
        disabled={disabled}
        aria-label="Arguments"
      >
        <button type="submit">Run</button>
      </SchemaForm>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const currentValue = () => JSON.parse(screen.getByTestId("value").textContent!);

describe("SchemaForm: generated fields", () => {
  it("renders a labelled control for every supported type, with defaults pre-filled", () => {
    render(<Harness schema={everything} />);

    const name = screen.getByRole("textbox", { name: "Full name" });
    expect(name).toHaveAccessibleDescription("Who to greet · At least 2 characters");
    expect(name).toHaveAttribute("aria-required", "true");
    expect(screen.getByLabelText("email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("birthday")).toHaveAttribute("type", "date");
    expect(screen.getByLabelText("website")).toHaveAttribute("type", "url");
    expect(screen.getByLabelText("when")).toHaveAttribute("type", "datetime-local");

    const count = screen.getByRole("spinbutton", { name: "count" });
    expect(count).toHaveValue(3);
    expect(count).toHaveAttribute("min", "1");
    expect(count).toHaveAttribute("max", "10");
    expect(count).toHaveAttribute("step", "1");
    expect(screen.getByRole("spinbutton", { name: "ratio" })).toHaveAttribute("step", "0.25");

    expect(screen.getByRole("switch", { name: "verbose" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "mode" })).toHaveDisplayValue("fast");
    expect(screen.getByRole("checkbox", { name: "version" })).not.toBeChecked();
    expect(screen.getByRole("group", { name: "tags" })).toHaveTextContent("No items.");
    const address = screen.getByRole("group", { name: "Address" });
    expect(within(address).getByRole("textbox", { name: "city" })).toHaveAttribute("aria-required", "true");
    expect(screen.getByRole("combobox", { name: "limit type" })).toHaveDisplayValue("Number");
    expect(screen.getByRole("textbox", { name: "metadata" })).toHaveAccessibleDescription("Free-form labels · JSON");

    expect(currentValue()).toEqual({ count: 3, verbose: true, mode: "fast" });
  });

  it("enforces required fields and bounds with errors next to the fields, updated as they are fixed", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Harness schema={everything} onSubmit={onSubmit} />);

    const count = screen.getByRole("spinbutton", { name: "count" });
    await user.clear(count);
    await user.type(count, "11");
    await user.type(screen.getByRole("textbox", { name: "zip" }), "12");
    await user.click(screen.getByRole("button", { name: "Run" }));

    expect(onSubmit).not.toHaveBeenCalled();
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("4 problems to fix before running");
    expect(summary).toHaveFocus();

    const name = screen.getByRole("textbox", { name: "Full name" });
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(/Required/);
    expect(count).toHaveAccessibleDescription(/Must be at most 10/);
    expect(screen.getByRole("textbox", { name: "city" })).toHaveAccessibleDescription(/Required/);
    expect(screen.getByRole("textbox", { name: "zip" })).toHaveAccessibleDescription(/Must match the pattern/);

    // The summary links move focus to the field.
    expect(summary).toHaveTextContent("Full name: Required");
    expect(summary).toHaveTextContent("Address › city: Required");
    await user.click(within(summary).getByRole("link", { name: "Full name" }));
    expect(name).toHaveFocus();

    await user.type(name, "Ada");
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("alert")).toHaveTextContent("3 problems");

    await user.clear(count);
    await user.type(count, "4");
    await user.type(screen.getByRole("textbox", { name: "city" }), "Paris");
    await user.type(screen.getByRole("textbox", { name: "zip" }), "345");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Ada",
      count: 4,
      verbose: true,
      mode: "fast",
      address: { city: "Paris", zip: "12345" },
    });
  });

  it("submits with Enter in a text field", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Harness schema={toolSchema("echo")} onSubmit={onSubmit} />);
    await user.type(screen.getByRole("textbox", { name: "message" }), "hello{Enter}");
    expect(onSubmit).toHaveBeenCalledWith({ message: "hello" });
  });

  it("shows errors passed in from outside next to their fields", () => {
    render(<Harness schema={everything} errors={[{ path: "/email", message: "Already taken" }]} />);
    expect(screen.getByLabelText("email")).toHaveAccessibleDescription("Already taken");
    expect(screen.getByRole("alert")).toHaveTextContent("email: Already taken");
  });

  it("names problems in lists and unions by their field labels, and links to the nearest field", async () => {
    const user = userEvent.setup({ delay: null });
    const schema: JsonSchema = {
      type: "object",
      properties: {
        people: { title: "People", type: "array", items: { type: "object", properties: { name: { type: "string", title: "Name" } } } },
        meta: { type: "object", additionalProperties: true },
      },
    };
    render(
      <Harness
        schema={schema}
        initial={{ people: [{ name: "a" }, { name: "b" }], meta: { deep: { x: 1 } } }}
        errors={[
          { path: "/people/1/name", message: "Taken" },
          { path: "/meta/deep/x", message: "Too small" },
        ]}
      />,
    );
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("People item 2 › Name: Taken");
    expect(summary).toHaveTextContent("meta › deep › x: Too small");
    const link = within(summary).getByRole("link", { name: "meta › deep › x" });
    await user.click(link);
    expect(screen.getByRole("textbox", { name: "meta" })).toHaveFocus();
    await user.click(within(summary).getByRole("link", { name: "People item 2 › Name" }));
    expect(screen.getAllByRole("textbox", { name: "Name" })[1]).toHaveFocus();
  });

  it("adds and removes list rows, up to maxItems", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} />);
    const tags = screen.getByRole("group", { name: "tags" });
    expect(tags).toHaveAccessibleDescription("At most 2 items");

    await user.click(within(tags).getByRole("button", { name: "Add item to tags" }));
    await user.type(within(tags).getByRole("textbox", { name: "tags item 1" }), "red");
    await user.click(within(tags).getByRole("button", { name: "Add item to tags" }));
    await user.type(within(tags).getByRole("textbox", { name: "tags item 2" }), "blue");
    expect(currentValue().tags).toEqual(["red", "blue"]);
    expect(within(tags).getByRole("button", { name: "Add item to tags" })).toBeDisabled();

    await user.click(within(tags).getByRole("button", { name: "Remove tags item 1" }));
    expect(currentValue().tags).toEqual(["blue"]);
    expect(within(tags).getByRole("textbox", { name: "tags item 1" })).toHaveValue("blue");
    expect(within(tags).getByRole("button", { name: "Add item to tags" })).toBeEnabled();

    await user.click(within(tags).getByRole("button", { name: "Remove tags item 1" }));
    expect(currentValue()).not.toHaveProperty("tags");
  });

  it("builds lists of objects and numbers", async () => {
    const user = userEvent.setup({ delay: null });
    const schema: JsonSchema = {
      type: "object",
      properties: {
        points: {
          type: "array",
          minItems: 1,
          items: { type: "object", properties: { x: { type: "number" }, label: { type: "string" } }, required: ["x"] },
        },
      },
    };
    const onSubmit = jest.fn();
    render(<Harness schema={schema} onSubmit={onSubmit} initial={{}} />);
    await user.click(screen.getByRole("button", { name: "Add item to points" }));
    const row = screen.getByRole("group", { name: "points item 1" });
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(within(row).getByRole("spinbutton", { name: "x" })).toHaveAccessibleDescription("Required");
    await user.type(within(row).getByRole("spinbutton", { name: "x" }), "-2.5");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).toHaveBeenCalledWith({ points: [{ x: -2.5 }] });
  });

  it("edits nested objects and leaves an emptied optional object out", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} />);
    const city = screen.getByRole("textbox", { name: "city" });
    await user.type(city, "Oslo");
    expect(currentValue().address).toEqual({ city: "Oslo" });
    await user.clear(city);
    expect(currentValue()).not.toHaveProperty("address");
  });

  it("selects enum values, including 'not set' for an optional enum", async () => {
    const user = userEvent.setup({ delay: null });
    const schema = toolSchema("gzip-file-as-resource");
    render(<Harness schema={schema} />);
    const outputType = screen.getByRole("combobox", { name: "outputType" });
    expect(outputType).toHaveDisplayValue("resourceLink");
    await user.selectOptions(outputType, "resource");
    expect(currentValue().outputType).toBe("resource");
    await user.selectOptions(outputType, "Not set");
    expect(currentValue()).not.toHaveProperty("outputType");
  });

  it("switches a union's type with its picker", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} />);
    await user.type(screen.getByRole("spinbutton", { name: "limit" }), "7");
    expect(currentValue().limit).toBe(7);
    await user.selectOptions(screen.getByRole("combobox", { name: "limit type" }), "Null");
    expect(currentValue().limit).toBeNull();
    expect(screen.getByRole("textbox", { name: "limit" })).toHaveValue("null");
    await user.selectOptions(screen.getByRole("combobox", { name: "limit type" }), "Number");
    expect(currentValue()).not.toHaveProperty("limit");
    expect(screen.getByRole("spinbutton", { name: "limit" })).toHaveValue(null);
  });

  it("toggles booleans and optional consts", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} />);
    await user.click(screen.getByRole("switch", { name: "verbose" }));
    await user.click(screen.getByRole("checkbox", { name: "version" }));
    expect(currentValue()).toMatchObject({ verbose: false, version: 2 });
  });

  it("edits an unsupported value as JSON and refuses to submit JSON that does not parse", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Harness schema={everything} onSubmit={onSubmit} initial={{ name: "Ada", count: 1, mode: "slow" }} />);
    const metadata = screen.getByRole("textbox", { name: "metadata" });
    await user.click(metadata);
    await user.paste('{"team": "core"');
    expect(metadata).toHaveAccessibleDescription(/Invalid JSON/);
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(metadata).toHaveFocus();
    expect(metadata).toHaveValue('{"team": "core"');

    await user.paste("}");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Ada", count: 1, mode: "slow", metadata: { team: "core" } });
  });

  it("picks a date-time in local time and sends it in UTC", () => {
    render(<Harness schema={everything} />);
    const when = screen.getByLabelText("when");
    expect(when).toHaveAccessibleDescription("Your local time; sent in UTC");
    fireEvent.change(when, { target: { value: "2025-03-05T10:20" } });
    expect(currentValue().when).toBe(new Date(2025, 2, 5, 10, 20).toISOString());
    expect(when).toHaveValue("2025-03-05T10:20");
  });

  it("edits dates the pickers cannot show as text, so nothing is hidden", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(
      <Harness
        schema={everything}
        onSubmit={onSubmit}
        initial={{ name: "Ada", count: 1, mode: "fast", when: "2025-03-05T10:20:00", birthday: "31/01/2025" }}
      />,
    );
    const when = screen.getByLabelText("when");
    const birthday = screen.getByLabelText("birthday");
    expect(when).toHaveAttribute("type", "text");
    expect(when).toHaveValue("2025-03-05T10:20:00");
    expect(birthday).toHaveAttribute("type", "text");
    expect(birthday).toHaveValue("31/01/2025");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(when).toHaveAccessibleDescription(/Must be a date and time with a time zone/);
    expect(birthday).toHaveAccessibleDescription("Must be a date (YYYY-MM-DD)");
  });

  it("rejects a fraction in an integer field", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} initial={{ name: "Ada", mode: "fast" }} />);
    const count = screen.getByRole("spinbutton", { name: "count" });
    await user.type(count, "1.5");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(count).toHaveAccessibleDescription(/Must be a whole number/);
  });

  it("keeps an emptied JSON row empty while new JSON is typed", async () => {
    const user = userEvent.setup({ delay: null });
    const schema: JsonSchema = { type: "object", properties: { rows: { type: "array", items: {} } } };
    render(<Harness schema={schema} initial={{ rows: [1] }} />);
    const row = screen.getByRole("textbox", { name: "rows item 1" });
    await user.clear(row);
    expect(row).toHaveValue("");
    await user.paste('{"a": 2}');
    expect(currentValue()).toEqual({ rows: [{ a: 2 }] });
  });

  it("gives two forms on one page their own ids", () => {
    const schema = toolSchema("echo");
    render(
      <>
        <Harness schema={schema} />
        <Harness schema={schema} />
      </>,
    );
    const [a, b] = screen.getAllByRole("textbox", { name: "message" });
    expect(a.id).not.toBe(b.id);
  });

  it("lets the page submit through a ref (as Ctrl/Cmd+Enter will)", () => {
    const ref = createRef<HTMLFormElement>();
    const onSubmit = jest.fn();
    render(<SchemaForm schema={toolSchema("get-sum")} value={{ a: 1, b: 2 }} onChange={() => {}} onSubmit={onSubmit} ref={ref} />);
    act(() => ref.current!.requestSubmit());
    expect(onSubmit).toHaveBeenCalledWith({ a: 1, b: 2 });
  });

  it("disables every control while disabled, but not what the page puts inside", () => {
    render(<Harness schema={everything} disabled />);
    expect(screen.getByRole("textbox", { name: "Full name" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: "verbose" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add item to tags" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: "Raw JSON" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Run" })).toBeEnabled();
  });
});

describe("SchemaForm: raw JSON mode", () => {
  it("round-trips between the form and the JSON text", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} />);
    await user.type(screen.getByRole("textbox", { name: "Full name" }), "Ada");

    await user.click(screen.getByRole("switch", { name: "Raw JSON" }));
    const text = screen.getByRole("textbox", { name: "Arguments as JSON" });
    expect(JSON.parse((text as HTMLTextAreaElement).value)).toEqual({ count: 3, verbose: true, mode: "fast", name: "Ada" });

    await user.clear(text);
    await user.paste('{"name": "Grace", "count": 9, "mode": "slow", "tags": ["x"]}');
    expect(currentValue()).toEqual({ name: "Grace", count: 9, mode: "slow", tags: ["x"] });

    await user.click(screen.getByRole("switch", { name: "Raw JSON" }));
    expect(screen.getByRole("textbox", { name: "Full name" })).toHaveValue("Grace");
    expect(screen.getByRole("spinbutton", { name: "count" })).toHaveValue(9);
    expect(screen.getByRole("combobox", { name: "mode" })).toHaveDisplayValue("slow");
    expect(screen.getByRole("textbox", { name: "tags item 1" })).toHaveValue("x");
    expect(screen.getByRole("switch", { name: "verbose" })).not.toBeChecked();
  });

  it("reports invalid JSON without losing the text, and will not leave or submit until it is fixed", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    render(<Harness schema={toolSchema("echo")} onSubmit={onSubmit} />);
    await user.click(screen.getByRole("switch", { name: "Raw JSON" }));
    const text = screen.getByRole("textbox", { name: "Arguments as JSON" });
    await user.clear(text);
    await user.paste('{"message": "hi",}');

    expect(text).toHaveAttribute("aria-invalid", "true");
    expect(text).toHaveAccessibleDescription(/^Invalid JSON at line 1, column 18/);
    expect(text).toHaveValue('{"message": "hi",}');

    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(text).toHaveFocus();

    await user.click(screen.getByRole("switch", { name: "Raw JSON" }));
    expect(screen.getByRole("switch", { name: "Raw JSON" })).toBeChecked();
    expect(screen.getByRole("alert")).toHaveTextContent("Fix the JSON to go back to the form.");
    expect(text).toHaveValue('{"message": "hi",}');

    await user.clear(text);
    await user.paste("[1, 2]");
    expect(text).toHaveAccessibleDescription("The arguments must be a JSON object, such as {}");

    await user.clear(text);
    await user.paste('{"message": "hi"}');
    expect(text).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onSubmit).toHaveBeenCalledWith({ message: "hi" });
  });

  it("lists validation problems in raw mode, where there are no fields", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={toolSchema("get-sum")} />);
    await user.click(screen.getByRole("switch", { name: "Raw JSON" }));
    const text = screen.getByRole("textbox", { name: "Arguments as JSON" });
    await user.clear(text);
    await user.paste('{"a": "one"}');
    await user.click(screen.getByRole("button", { name: "Run" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("a: Must be a number");
    expect(summary).toHaveTextContent("b: Required");
  });

  it("formats the JSON text", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness schema={everything} initial={{}} />);
    await user.click(screen.getByRole("switch", { name: "Raw JSON" }));
    const text = screen.getByRole("textbox", { name: "Arguments as JSON" });
    await user.clear(text);
    await user.paste('{"name":"Ada","count":2}');
    await user.click(screen.getByRole("button", { name: "Format" }));
    expect(screen.getByRole("textbox", { name: "Arguments as JSON" })).toHaveValue('{\n  "name": "Ada",\n  "count": 2\n}');
  });
});

describe("SchemaForm with the real server-everything tools", () => {
  it.each(everythingTools.map((t) => [t.name, t.inputSchema] as const))("%s: every control has a name", (_, schema) => {
    render(<Harness schema={schema} />);
    const form = screen.getByRole("form", { name: "Arguments" });
    const controls = ["textbox", "spinbutton", "combobox", "switch", "checkbox"].flatMap((role) => within(form).queryAllByRole(role));
    for (const control of controls) expect(control).toHaveAccessibleName();
    const properties = Object.keys((schema as { properties: object }).properties);
    if (properties.length === 0) expect(form).toHaveTextContent("This tool takes no arguments.");
    for (const key of properties) expect(within(form).getByLabelText(key)).toHaveAccessibleName(key);
  });
});
