"use client";

import { Users } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadMore } from "@/components/app/load-more";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { FormAlert } from "@/components/app/form-alert";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useAdminUsers, type UserFilter } from "@/lib/admin/hooks";
import { ROLES, roleName, type AdminUser } from "@/lib/admin/schema";
import { PLAN_IDS, PLANS } from "@/lib/plans/table";
import { UserEditDialog } from "./user-edit-dialog";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");

function PlanCell({ user }: { user: AdminUser }) {
  const lapsed = user.plan !== user.effectivePlan;
  return (
    <div className="flex flex-col gap-1">
      <span>
        {PLANS[user.plan].label}
        {lapsed ? <Badge variant="secondary" className="ml-2">expired</Badge> : null}
      </span>
      {user.expiresAt ? <span className="text-xs text-muted-foreground">until {new Date(user.expiresAt).toISOString().slice(0, 10)}</span> : null}
    </div>
  );
}

export function UsersAdmin() {
  const [filter, setFilter] = useState<UserFilter>({ q: "", role: "", plan: "" });
  // Typing keeps the field responsive; the query follows the settled value.
  const settled = useDeferredValue(filter);
  const query = useAdminUsers(settled);
  const users = query.data?.pages.flatMap((p) => p.users) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div role="search" aria-label="Find users" className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <Field label="Search by email or name">
          {(control) => <Input {...control} type="search" value={filter.q} onChange={(e) => setFilter({ ...filter, q: e.target.value })} />}
        </Field>
        <Field label="Role">
          {(control) => (
            <OptionSelect
              control={control}
              value={filter.role}
              onChange={(v) => setFilter({ ...filter, role: v as UserFilter["role"] })}
              any="All roles"
              options={optionsOf(ROLES, (r) => `${roleName(r)}s`)}
            />
          )}
        </Field>
        <Field label="Plan">
          {(control) => (
            <OptionSelect
              control={control}
              value={filter.plan}
              onChange={(v) => setFilter({ ...filter, plan: v as UserFilter["plan"] })}
              any="All plans"
              options={optionsOf(PLAN_IDS, (p) => PLANS[p].label)}
            />
          )}
        </Field>
      </div>

      {query.isPending ? (
        <Skeleton className="h-48 w-full" aria-label="Loading users" />
      ) : query.isError ? (
        <FormAlert>{query.error.message}</FormAlert>
      ) : users.length === 0 ? (
        <EmptyState icon={Users} title="No users match">
          Try another search or clear the filters.
        </EmptyState>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableHead className="text-right">Servers</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((u) => (
                <TableRow key={u.uid}>
                  <TableCell>
                    <div className="font-medium">{u.displayName}</div>
                    <div className="text-xs text-muted-foreground">
                      {u.email}
                      {u.emailVerified ? "" : " (unverified)"}
                    </div>
                  </TableCell>
                  <TableCell>{u.role === "admin" ? <Badge>Administrator</Badge> : "User"}</TableCell>
                  <TableCell>
                    <PlanCell user={u} />
                  </TableCell>
                  <TableCell>{day(u.lastLoginAt)}</TableCell>
                  <TableCell className="text-right">{u.serverCount}</TableCell>
                  <TableCell className="text-right">
                    <UserEditDialog key={`${u.role}-${u.plan}-${u.expiresAt}`} user={u} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <LoadMore query={query} label="Load more" />
        </>
      )}
    </div>
  );
}
