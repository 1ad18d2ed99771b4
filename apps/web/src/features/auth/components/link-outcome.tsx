import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, SuccessNotice } from '@/components/notice';
import { Button } from '@/components/ui/button';

interface Action {
  to: string;
  label: string;
}

/** What a link page shows once it is done (or cannot be used): the notice and where to go next. */
export function LinkOutcome({ kind, children, primary, secondary }: { kind: 'success' | 'error'; children: ReactNode; primary: Action; secondary?: Action }) {
  return (
    <div className="space-y-4">
      {kind === 'success' ? <SuccessNotice>{children}</SuccessNotice> : <ErrorNotice>{children}</ErrorNotice>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild variant="gradient" className="sm:flex-1">
          <Link to={primary.to}>{primary.label}</Link>
        </Button>
        {secondary && (
          <Button asChild variant="outline" className="sm:flex-1">
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
