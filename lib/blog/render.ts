import "server-only";
import rehypeHighlight from "rehype-highlight";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/**
 * Code blocks scroll sideways on narrow screens; a scrollable region must be
 * reachable with the keyboard (WCAG 2.1.1), so each one joins the tab order.
 */
function focusableCodeBlocks() {
  const visit = (node: HastNode) => {
    if (node.type === "element" && node.tagName === "pre") node.properties = { ...node.properties, tabIndex: 0 };
    node.children?.forEach(visit);
  };
  return (tree: HastNode) => visit(tree);
}

/**
 * Markdown → HTML for the blog, on the server: GitHub-flavoured Markdown,
 * heading anchors, and code highlighted by highlight.js class names (the
 * colours live in the blog's stylesheet). Raw HTML in a post is dropped
 * (remark-rehype's default), so a post cannot inject markup or scripts.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeHighlight, { detect: false })
  .use(focusableCodeBlocks)
  .use(rehypeStringify);

export async function renderMarkdown(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}
