import { useDrawSummaries } from '../../shared/draw/draw-summaries.ts';

/** A draw lottery's name by its product code (the public product list), the code itself until it loads. */
export function useProductName() {
  const products = useDrawSummaries();
  return (code: string) => products.data?.find((p) => p.code === code)?.name ?? code;
}
