import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';

/** One store barcode line as a CODE39 image (Taiwan's convenience-store payment barcodes), with its text beneath. */
export function Barcode({ value }: { value: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current) JsBarcode(ref.current, value, { format: 'CODE39', height: 56, width: 1.6, fontSize: 14, margin: 4, background: '#ffffff', lineColor: '#000000' });
  }, [value]);
  return <svg ref={ref} role="img" aria-label={value} data-testid="deposit-barcode" data-code={value} />;
}
