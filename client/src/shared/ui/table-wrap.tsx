import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';

interface TableWrapProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'tabIndex'> {
  children: ReactNode;
  /** The region's name while it scrolls; its table's caption when absent. */
  label?: string;
}

/**
 * A table's sideways scroll box. While its table is wider than the box (a phone), the box is a
 * named region a keyboard can focus and scroll (WCAG 2.1.1, axe's scrollable-region-focusable);
 * while it fits, it is no tab stop.
 */
export function TableWrap({ children, label, className, ...rest }: TableWrapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollName, setScrollName] = useState<string | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      setScrollName(scrolls ? (label ?? box.querySelector('caption')?.textContent?.trim() ?? '') : null);
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => observer?.disconnect();
  }, [label]);
  const region = scrollName === null ? {} : { role: 'region', tabIndex: 0, 'aria-label': scrollName || undefined };
  return (
    <div ref={ref} className={className ? `table-wrap ${className}` : 'table-wrap'} {...region} {...rest}>
      {children}
    </div>
  );
}
