import { useEffect, useState } from 'react';

/**
 * An address for a file held in memory (a screenshot fetched with the reader's token, which an
 * `<img src>` would not carry), released when the file changes or the component goes.
 */
export function useObjectUrl(file: Blob | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const made = URL.createObjectURL(file);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return objectUrl;
}
