/** Each language's catalogue parts, from client/build/catalogue-parts.ts (a Vite plugin). */
declare module 'virtual:catalogue-loaders' {
  const loaders: Partial<Record<string, Record<'shell' | 'pages', () => Promise<Record<string, string | import('react-intl').MessageFormatElement[]>>>>>;
  export default loaders;
}
