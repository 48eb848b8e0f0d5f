// Runs before the stylesheet paints so a light-theme user never sees a dark flash.
// Mirrors shared/theme: key `color-scheme`, values dark | light | auto, default dark.
(function () {
  let setting = 'dark';
  try {
    setting = localStorage.getItem('color-scheme') || 'dark';
  } catch {
    // Storage blocked (private mode, disabled cookies): keep the default.
  }
  const dark = setting === 'auto' ? window.matchMedia('(prefers-color-scheme: dark)').matches : setting !== 'light';
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
