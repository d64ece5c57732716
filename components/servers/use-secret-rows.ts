"use client";

import { useState } from "react";

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * A list of rows with secret values (a remote server's headers, a stdio server's variables): which
 * values are shown, and adding and removing rows with the focus kept in the list. A new row's name
 * takes the focus; a removed row's place goes to the row that took it, else to "Add" (whose id is
 * `<idPrefix>-add`), so that a keyboard user is never sent back to the top of the page.
 */
export function useSecretRows<R extends { key: string }>({ idPrefix, rows, onChange, newRow }: { idPrefix: string; rows: R[]; onChange: (rows: R[]) => void; newRow: () => R }) {
  const [visible, setVisible] = useState<Set<string>>(() => new Set());
  return {
    isShown: (key: string) => visible.has(key),
    toggle(key: string) {
      setVisible((prev) => {
        const next = new Set(prev);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      });
    },
    add() {
      const row = newRow();
      onChange([...rows, row]);
      focusSoon(`${idPrefix}-${row.key}-name`);
    },
    remove(key: string, index: number) {
      const next = rows.filter((r) => r.key !== key);
      onChange(next);
      const neighbour = next[Math.min(index, next.length - 1)];
      focusSoon(neighbour ? `${idPrefix}-${neighbour.key}-name` : `${idPrefix}-add`);
    },
  };
}
