import { useState, type MouseEvent, type ReactNode } from 'react';
import { openFile, resolveDocumentUrl } from '../../lib/content/open-document';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A document link that stays a real link (keyboard, right-click, 'open in new tab' all see the
 * href), but on a plain click online asks the CMS for the file with the session's token first:
 * a subscriber-only document refuses a tokenless request. Offline the href is the stored file
 * (documentHref), which needs no asking.
 */
export function DocumentLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!href.startsWith('/documents/') || !isPlainClick(event)) return;
    event.preventDefault();
    setProblem(null);
    resolveDocumentUrl(href).then(openFile, (error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <>
      <a href={href} className={className} download onClick={onClick}>
        {children}
      </a>
      {problem && (
        <span className="document-link__problem" role="alert">
          {' '}
          {problem}
        </span>
      )}
    </>
  );
}
