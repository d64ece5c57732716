import { handleGatewayDelete, handleGatewayGet, handleGatewayPost } from "@/lib/gateways/endpoint/handler";
import { gatewayEndpoint } from "@/lib/gateways/endpoint/route";

/** A gateway's MCP endpoint (Streamable HTTP): see lib/gateways/endpoint/handler.ts. */

export const dynamic = "force-dynamic";

export const POST = gatewayEndpoint(handleGatewayPost);
export const GET = gatewayEndpoint(handleGatewayGet);
export const DELETE = gatewayEndpoint(handleGatewayDelete);
