// The shop's colours (spec section 9), by role. UnoCSS makes a utility of each (`bg-primary`,
// `text-success-strong`, ...) through uno.config.ts; server-rendered markup that needs a value
// (the theme-color meta, the logo) reads it here. No other file in src/ names a colour
// (tests/unit/theme-colours.test.ts), and tests/unit/theme-contrast.test.ts checks the pairs.
export const THEME_COLORS = {
  // The spec's five: primary is the brand fill (primary buttons, badges, borders, checkboxes);
  // inverse text on it is 4.7:1.
  primary: '#D73731',
  secondary: '#343A40',
  success: '#00950F',
  warning: '#F97904',
  error: '#D40000',
  // Red text on canvas or surface (6.8:1 and 6.3:1; primary itself is 4.3:1 on surface). Text
  // only: never a fill or a border, so the brand colour of buttons stays the spec's.
  'primary-strong': '#B0231E',
  // Success and warning where they carry text: on canvas and their soft tints (above 6:1), and
  // behind inverse text. The spec's success (4.0:1) and warning (2.7:1) are too light for text.
  'success-strong': '#00660A',
  'warning-strong': '#8A3F00',
  // Light tints behind status messages and badges.
  'success-soft': '#E6F4E8',
  'warning-soft': '#FFF1E5',
  'error-soft': '#FDE8E8',
  // The page, and cards and fields on it.
  canvas: '#FFFFFF',
  // Text and icons on a filled background (primary, secondary, the strong status colours).
  inverse: '#FFFFFF',
  // Behind a modal dialog, with an opacity (`bg-scrim/50`).
  scrim: '#000000',
  surface: '#F6F6F6',
  line: '#D9D9D9',
  ink: '#1F2328',
  muted: '#5A6169',
} as const;

export type ThemeColour = keyof typeof THEME_COLORS;
