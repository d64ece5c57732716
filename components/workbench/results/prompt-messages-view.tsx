"use client";

import { Badge } from "@/components/ui/badge";

import { asContentBlock, type PromptResult } from "./content";
import { ContentBlockView } from "./content-block-view";

interface PromptMessagesViewProps {
  /** A `GetPromptResult`. */
  result: PromptResult;
  onOpenResource?: (uri: string) => void;
  maxMediaBytes?: number;
  className?: string;
}

function messageParts(raw: unknown): { role: string; content: unknown[] } {
  const message = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const role = typeof message.role === "string" ? message.role : "unknown";
  // An MCP prompt message has one content block; tolerate a list.
  const content = Array.isArray(message.content) ? message.content : [message.content];
  return { role, content };
}

/** A prompt's messages in order, each with its role and content blocks. */
export function PromptMessagesView({ result, onOpenResource, maxMediaBytes, className }: PromptMessagesViewProps) {
  const messages = Array.isArray(result.messages) ? result.messages : [];
  return (
    <div role="group" aria-label="Prompt messages" className={className}>
      {result.description ? <p className="mb-3 text-sm text-muted-foreground">{result.description}</p> : null}
      {messages.length === 0 ? <p className="text-sm text-muted-foreground">The prompt has no messages.</p> : null}
      <ol className="grid gap-3">
        {messages.map((raw, i) => {
          const { role, content } = messageParts(raw);
          return (
            <li key={i} aria-label={`Message ${i + 1}, ${role}`} className="grid gap-2 rounded-lg border p-3">
              <Badge variant={role === "assistant" ? "secondary" : "outline"} className="capitalize">
                {role}
              </Badge>
              {content.map((block, j) => (
                <ContentBlockView key={j} block={asContentBlock(block)} onOpenResource={onOpenResource} maxMediaBytes={maxMediaBytes} />
              ))}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
