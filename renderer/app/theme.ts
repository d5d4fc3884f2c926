import { createTheme } from '@mantine/core';

/**
 * Mantine's default theme with its default primary colour: the CSS variables then come from Mantine's static
 * stylesheet, so nothing has to be injected at run time (CSP). Dense by default: clerks compare numbers.
 */
export const theme = createTheme({
  defaultRadius: 'sm',
  components: {
    Table: { defaultProps: { verticalSpacing: 4, horizontalSpacing: 'sm', striped: false, highlightOnHover: true } },
  },
});
