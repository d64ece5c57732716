"use client";

import { Menu } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

/**
 * The panel behind SideMenu's button (./side-menu), opened as it loads: the
 * links slide in from the left and the panel closes again once a link has
 * taken the user to another page (or to a section of this one).
 */
export function SideMenuPanel({
  buttonLabel,
  navLabel,
  defaultOpen = false,
  children,
}: {
  buttonLabel: string;
  navLabel: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={buttonLabel}>
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DialogTrigger>
      <DialogContent
        aria-describedby={undefined}
        className="top-0 left-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-l-0 p-4"
      >
        <DialogTitle className="px-3 pt-1 text-base">Menu</DialogTitle>
        {/* Following a link is the end of the panel's job; Escape and the close button end it too. */}
        <nav aria-label={navLabel} onClick={(e) => (e.target as HTMLElement).closest("a") && setOpen(false)}>
          {children}
        </nav>
      </DialogContent>
    </Dialog>
  );
}
