// Theme of spec section 9: light, red primary, square corners, five breakpoints (mobile below lg).
import { defineConfig, presetWind3, transformerDirectives } from 'unocss';
// The colours by role, in the one file that holds colour values (tests/unit/theme-colours.test.ts).
import { THEME_COLORS } from './src/lib/theme/theme-colours';
import { transformerVariantGroupOutsideMaps } from './uno.variant-groups';

export { THEME_COLORS };

export default defineConfig({
  presets: [presetWind3()],
  transformers: [transformerDirectives(), transformerVariantGroupOutsideMaps()],
  theme: {
    colors: THEME_COLORS,
    breakpoints: { sm: '600px', md: '960px', lg: '1280px', xl: '1920px', xxl: '2560px' },
    // Square corners everywhere: every radius utility resolves to 0.
    borderRadius: { DEFAULT: '0', none: '0', sm: '0', md: '0', lg: '0', xl: '0', full: '0' },
    fontFamily: {
      sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    },
  },
  shortcuts: {
    container: 'mx-auto w-full max-w-[1280px] px-4 md:px-6',
    btn: 'inline-flex items-center justify-center gap-2 px-4 py-2 font-semibold border-2 border-transparent transition-colors focus-visible:(outline-3 outline-offset-2 outline-secondary outline) disabled:opacity-60',
    'btn-primary': 'btn bg-primary text-inverse hover:bg-secondary',
    'btn-secondary': 'btn bg-secondary text-inverse hover:bg-ink',
    'btn-outline': 'btn border-secondary text-secondary bg-canvas hover:(bg-secondary text-inverse)',
    'link': 'text-primary-strong underline underline-offset-2 hover:text-secondary',
    'focus-ring': 'focus-visible:(outline-3 outline-offset-2 outline-secondary outline)',
    // Toasts are drawn by plain DOM code (src/lib/toasts/toast-view.ts), hence the safelist.
    'toast-region': 'fixed bottom-4 right-4 z-50 flex flex-col gap-2 w-[min(24rem,calc(100vw-2rem))]',
    toast: 'relative flex items-start gap-3 overflow-hidden border-l-6 bg-canvas p-3 pb-4 shadow-lg text-ink',
    'toast-error': 'border-error',
    'toast-warning': 'border-warning',
    'toast-success': 'border-success',
    'toast-info': 'border-secondary',
    'toast-body': 'flex-1 min-w-0',
    'toast-title': 'm-0 font-bold',
    'toast-text': 'm-0',
    'toast-close': 'border-0 bg-transparent px-2 text-xl leading-none text-secondary cursor-pointer focus-ring',
    'toast-progress': 'absolute bottom-0 left-0 h-1 w-full origin-left bg-secondary',
  },
  safelist: ['toast-region', 'toast', 'toast-error', 'toast-warning', 'toast-success', 'toast-info', 'toast-body', 'toast-title', 'toast-text', 'toast-close', 'toast-progress'],
});
