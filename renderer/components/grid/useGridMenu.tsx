import { useMemo } from 'react';
import { createContextMenuComponent } from 'react-datasheet-grid';
import type { ContextMenuComponentProps, ContextMenuItem } from 'react-datasheet-grid';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** datasheet-grid's right-click menu with our wording instead of its built-in English. */
type Menu = (props: ContextMenuComponentProps) => ReactElement | null;

export function useGridMenu(): Menu {
  const { t } = useTranslation('grid');
  return useMemo(
    () =>
      createContextMenuComponent((item: ContextMenuItem) => {
        if (item.type === 'DELETE_ROWS' || item.type === 'DUPLICATE_ROWS')
          return t(`menu.${item.type}`, { from: item.fromRow, to: item.toRow });
        return t(`menu.${item.type}`);
      }) as Menu,
    [t],
  );
}
