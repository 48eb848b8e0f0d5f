/**
 * One download shared by every product and draw a pass asks a source about (a file read whole:
 * D423F's CSV, the UK National Lottery's draw history, The Lott's recent draws). `forget` is the
 * adapter's `newPass`; a failed download is not kept, so the next question asks again.
 */
export function oncePerPass<T>(load: () => Promise<T>) {
  let cached: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      if (!cached) {
        const loading = load();
        cached = loading;
        loading.catch(() => {
          if (cached === loading) cached = null;
        });
      }
      return cached;
    },
    forget() {
      cached = null;
    },
  };
}
