/** Signs with a real minus, as tables print them: `-0.5/-1.0` → `−0.5/−1.0`. */
export const printLine = (line: string) => line.replace(/-/g, '\u2212');
