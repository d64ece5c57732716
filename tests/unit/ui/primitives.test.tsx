import * as React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Link from "next/link";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "@/components/ui/toast";

describe("Button", () => {
  it("renders its child as a styled link when asChild is set", () => {
    render(
      <Button asChild variant="outline">
        <Link href="/servers">Servers</Link>
      </Button>,
    );

    const link = screen.getByRole("link", { name: "Servers" });
    expect(link).toHaveAttribute("href", "/servers");
    expect(link).toHaveClass("border-input");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("calls onClick when enabled and ignores clicks when disabled", async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} disabled>
        Save
      </Button>,
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe("Dialog", () => {
  function EditDialog() {
    return (
      <Dialog>
        <DialogTrigger asChild>
          <Button>Edit server</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Edit MCP server</DialogTitle>
            <DialogDescription>Change the server name.</DialogDescription>
          </DialogHeader>
          <input aria-label="Server name" />
        </DialogContent>
      </Dialog>
    );
  }

  it("opens from its trigger, closes on Escape and returns focus to the trigger", async () => {
    const user = userEvent.setup();
    render(<EditDialog />);
    const trigger = screen.getByRole("button", { name: "Edit server" });

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(trigger);

    const dialog = screen.getByRole("dialog", { name: "Edit MCP server" });
    expect(dialog).toHaveAccessibleDescription("Change the server name.");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it("has a close button announced as 'Close'", async () => {
    const user = userEvent.setup();
    render(<EditDialog />);

    await user.click(screen.getByRole("button", { name: "Edit server" }));
    await user.click(screen.getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("AlertDialog", () => {
  function DeleteConfirm({ onConfirm }: { onConfirm: () => void }) {
    return (
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Delete server</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this server?</AlertDialogTitle>
            <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onConfirm}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }

  it("cancels without confirming, and confirms via the action button", async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<DeleteConfirm onConfirm={onConfirm} />);

    await user.click(screen.getByRole("button", { name: "Delete server" }));
    const alert = screen.getByRole("alertdialog", { name: "Delete this server?" });
    // Focus starts on the least destructive choice.
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(alert).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Delete server" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });
});

describe("form controls", () => {
  it("Switch is named by its label and toggles aria-checked by click and Space", async () => {
    const user = userEvent.setup();
    const onCheckedChange = jest.fn();
    render(
      <div>
        <Switch id="auto-scan" onCheckedChange={onCheckedChange} />
        <Label htmlFor="auto-scan">Auto scan</Label>
      </div>,
    );

    const control = screen.getByRole("switch", { name: "Auto scan" });
    expect(control).toHaveAttribute("aria-checked", "false");

    await user.click(control);
    expect(control).toHaveAttribute("aria-checked", "true");
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await user.keyboard(" ");
    expect(control).toHaveAttribute("aria-checked", "false");
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it("Checkbox toggles when its label is clicked", async () => {
    const user = userEvent.setup();
    render(
      <div>
        <Checkbox id="terms" />
        <Label htmlFor="terms">Accept terms</Label>
      </div>,
    );

    const box = screen.getByRole("checkbox", { name: "Accept terms" });
    expect(box).not.toBeChecked();
    await user.click(screen.getByText("Accept terms"));
    expect(box).toBeChecked();
  });
});

describe("Tabs", () => {
  it("moves between tabs with arrow keys and shows the matching panel", async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="tools">
        <TabsList aria-label="Server sections">
          <TabsTrigger value="tools">Tools</TabsTrigger>
          <TabsTrigger value="resources">Resources</TabsTrigger>
          <TabsTrigger value="prompts">Prompts</TabsTrigger>
        </TabsList>
        <TabsContent value="tools">Tool list</TabsContent>
        <TabsContent value="resources">Resource list</TabsContent>
        <TabsContent value="prompts">Prompt list</TabsContent>
      </Tabs>,
    );

    expect(screen.getByRole("tabpanel")).toHaveTextContent("Tool list");

    await user.tab();
    expect(screen.getByRole("tab", { name: "Tools" })).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    const resources = screen.getByRole("tab", { name: "Resources" });
    expect(resources).toHaveFocus();
    expect(resources).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Resources" })).toHaveTextContent("Resource list");
    expect(screen.queryByText("Tool list")).not.toBeInTheDocument();

    // Arrow navigation wraps from the first tab to the last.
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Prompts" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Prompt list");
  });
});

describe("Spinner", () => {
  it("is a status region named 'Loading' by default, with a custom name when given", () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();

    rerender(<Spinner aria-label="Scanning server" size="lg" />);
    expect(screen.getByRole("status", { name: "Scanning server" })).toBeInTheDocument();
  });
});

describe("Toast", () => {
  it("shows its content and can be dismissed from the keyboard with the 'Close' button", async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = React.useState(true);
      return (
        <ToastProvider>
          <Toast open={open} onOpenChange={setOpen}>
            <ToastTitle>Server registered</ToastTitle>
            <ToastDescription>weather-mcp is now monitored.</ToastDescription>
            <ToastClose />
          </Toast>
          <ToastViewport />
        </ToastProvider>
      );
    }
    render(<Harness />);

    expect(screen.getByText("Server registered")).toBeInTheDocument();
    // Keyboard path (jsdom lacks the pointer-capture APIs Radix Toast uses for swipe).
    screen.getByRole("button", { name: "Close" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByText("Server registered")).not.toBeInTheDocument());
  });
});
