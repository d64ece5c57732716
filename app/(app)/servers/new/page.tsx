import type { Metadata } from "next";
import { PageHeader } from "@/components/app/page-header";
import { NewServer } from "@/components/servers/new-server";

export const metadata: Metadata = { title: "Add a server" };

export default function Page() {
  return (
    <>
      <PageHeader
        title="Add a server"
        description="Register a remote MCP server by its URL. Test the connection first to see what it offers."
      />
      <NewServer />
    </>
  );
}
