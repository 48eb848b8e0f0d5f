import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './build/catalogue-parts.ts';
import { serverPathPatterns } from '../common/src/server-paths.ts';

/** The API server in development (`npm run dev` at the root starts it on this port). */
const API_TARGET = 'http://127.0.0.1:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET },
  '/socket.io': { target: API_TARGET, ws: true },
};

export default defineConfig(({ command }) => ({
  // The catalogues reach the browser compiled (build/catalogue-parts.ts): the build has no use for
  // react-intl's message parser, which throws if a message string is ever formatted uncompiled.
  resolve: {
    alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }] : [],
  },
  plugins: [
    react(),
    catalogueParts(),
    VitePWA({
      registerType: 'prompt',
      // The ReloadPrompt component registers through `virtual:pwa-register/react`.
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      scope: '/',
      base: '/',
      includeAssets: ['favicon.svg', 'theme-boot.js', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'GPoints — lottery and football proxy purchase',
        short_name: 'GPoints',
        description: 'Buy lottery entries and Hong Kong football bets through us, paid with prepaid GPoints.',
        lang: 'zh-TW',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0f1420',
        theme_color: '#0f1420',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        // The server's own pages (the API, the realtime channel, the sandbox LINE's sign-in, the job
        // board) always go to the network: the app shell would answer them with its not-found page.
        navigateFallbackDenylist: serverPathPatterns(),
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: { target: 'es2022' },
}));
