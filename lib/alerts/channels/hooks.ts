"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import { alertKeys } from "../hooks";
import type { TestEventResponse } from "../schema";
import type { ChannelCreate, ChannelCreated, ChannelDto, ChannelList, ChannelUpdate, ServerChannelsAnswer, ServerChannelsChoice } from "./schema";

export const channelKeys = {
  list: () => ["alerts", "channels"] as const,
  server: (serverId: string) => ["alerts", "channels", "server", serverId] as const,
};

export function useChannels() {
  return useQuery({ queryKey: channelKeys.list(), queryFn: ({ signal }) => apiGet<ChannelList>("/api/user/alerts/channels", { signal }) });
}

/** After a change, the channel list, every server's choice and the deliveries are read again. */
function useInvalidateChannels() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: channelKeys.list() }), client.invalidateQueries({ queryKey: alertKeys.deliveries() })]);
}

// Writes are not retried: a channel added twice would be two channels.
export function useAddChannel() {
  const invalidate = useInvalidateChannels();
  return useMutation({ mutationFn: (input: ChannelCreate) => apiSend<ChannelCreated>("POST", "/api/user/alerts/channels", input), retry: false, onSuccess: invalidate });
}

export function useUpdateChannel(id: string) {
  const invalidate = useInvalidateChannels();
  return useMutation({ mutationFn: (input: ChannelUpdate) => apiSend<ChannelDto>("PATCH", `/api/user/alerts/channels/${encodeURIComponent(id)}`, input), retry: false, onSuccess: invalidate });
}

export function useDeleteChannel() {
  const invalidate = useInvalidateChannels();
  return useMutation({ mutationFn: (id: string) => apiSend<unknown>("DELETE", `/api/user/alerts/channels/${encodeURIComponent(id)}`), retry: false, onSuccess: invalidate });
}

export function useTestChannel() {
  const invalidate = useInvalidateChannels();
  return useMutation({
    mutationFn: (id: string) => apiSend<TestEventResponse>("POST", `/api/user/alerts/channels/${encodeURIComponent(id)}/test`),
    retry: false,
    onSettled: invalidate,
  });
}

export function useServerChannels(serverId: string) {
  return useQuery({ queryKey: channelKeys.server(serverId), queryFn: ({ signal }) => apiGet<ServerChannelsAnswer>(`/api/servers/${encodeURIComponent(serverId)}/alert-channels`, { signal }) });
}

export function useSetServerChannels(serverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: ServerChannelsChoice) => apiSend<ServerChannelsAnswer>("PUT", `/api/servers/${encodeURIComponent(serverId)}/alert-channels`, choice),
    retry: false,
    onSuccess: (answer) => client.setQueryData(channelKeys.server(serverId), answer),
  });
}
