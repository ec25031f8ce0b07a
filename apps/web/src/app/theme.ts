import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep clinical teal; shade 6 keeps white text above 4.5:1 contrast. */
const brand: MantineColorsTuple = [
  '#e7f6f5',
  '#d0ecea',
  '#a3d9d5',
  '#72c5bf',
  '#4ab3ac',
  '#26a098',
  '#0f7f79',
  '#0d6b66',
  '#0a5753',
  '#074340',
];

// 16 px inputs: phones do not zoom into a focused field.
const inputSize = { defaultProps: { size: 'md' } };

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  // Modals and menus open without animation for people who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Plain objects, not `Select.extend(…)`: `extend` only types its argument, and importing the
  // components here would put Select (its popover and floating-ui) and Modal in every page's
  // first download, /login included (e2e/tests/delivery.spec.ts).
  components: {
    TextInput: inputSize,
    PasswordInput: inputSize,
    // Clear buttons and close buttons need a name for screen readers (axe: button-name).
    Select: { defaultProps: { size: 'md', clearButtonProps: { 'aria-label': 'Clear' } } },
    Button: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { size: 'sm' } },
    Switch: { defaultProps: { size: 'md' } },
    Modal: {
      defaultProps: {
        radius: 'lg',
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

/** Mantine's default dimmed text (gray.6) is below 4.5:1 on white; gray.7 keeps it readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
