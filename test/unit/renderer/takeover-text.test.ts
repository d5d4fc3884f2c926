/**
 * Issue 23: the takeover's "Übernommen" alert names everything the folder handed to the team database, only the
 * kinds there were any of, and where the database's own stand was kept — in German and in English.
 */
import { describe, expect, it } from 'vitest';
import type { FolderTakeover } from '@shared/ipc/channels/team';
import { i18n } from '@renderer/i18n';
import { takeoverDoneText } from '@renderer/features/team/takeover-text';
import { createFormatters } from '@renderer/lib/format';

const AT = '2026-01-05T08:00:00.000Z';
const none: FolderTakeover = {
  drafts: 0,
  archive: 0,
  draftsKept: 0,
  results: 0,
  outbox: 0,
  osr: 0,
  osrKept: 0,
  osrLog: 0,
  setups: 0,
  setupsKept: 0,
  at: AT,
};
const text = (lang: 'de' | 'en', done: FolderTakeover) => {
  const format = createFormatters(lang);
  return takeoverDoneText(done, i18n.getFixedT(lang, 'team'), format).replace(format.dateTime(AT), '«at»');
};

describe('the takeover done alert', () => {
  it('lists only the kinds moved, one and many, joined in German', () => {
    expect(text('de', { ...none, drafts: 2, archive: 1, results: 3, outbox: 1, osr: 2, osrLog: 1, setups: 1 })).toBe(
      'Am «at» übernommen: 2 Entwürfe, 1 Archiveintrag, 3 Abrechnungsergebnisse, 1 Anfrage im Postausgang, ' +
        '2 Nutzerwechsel, 1 Eintrag im Nutzerwechsel-Protokoll und 1 verfolgter Abgleich. ' +
        'Der lokale Ordner ist seitdem nur noch lesbar.',
    );
    expect(text('de', { ...none, outbox: 1200, setups: 2 })).toBe(
      'Am «at» übernommen: 1.200 Anfragen im Postausgang und 2 verfolgte Abgleiche. Der lokale Ordner ist seitdem nur noch lesbar.',
    );
  });

  it('says what stayed as the team database had it', () => {
    expect(text('de', { ...none, drafts: 2, draftsKept: 1, osr: 1, osrKept: 1, setups: 3, setupsKept: 2 })).toBe(
      'Am «at» übernommen: 2 Entwürfe, 1 Nutzerwechsel und 3 verfolgte Abgleiche. Der lokale Ordner ist seitdem nur noch ' +
        'lesbar. Schon in der Team-Datenbank und dort unverändert geblieben: 1 Entwurf, 1 Nutzerwechsel und 2 verfolgte Abgleiche.',
    );
    expect(text('en', { ...none, drafts: 2, draftsKept: 1, osr: 1, osrKept: 1, setups: 3, setupsKept: 2 })).toBe(
      'Taken over on «at»: 2 drafts, 1 tenant change and 3 followed matchings. Since then the local folder can only be ' +
        'read. Already in the team database and left as they were there: 1 draft, 1 tenant change and 2 followed matchings.',
    );
  });

  it('is complete in English', () => {
    expect(text('en', { ...none, archive: 1, results: 1, outbox: 2, osrLog: 2 })).toBe(
      'Taken over on «at»: 1 archive entry, 1 billing result, 2 requests in the outbox and 2 entries of the tenant ' +
        'change log. Since then the local folder can only be read.',
    );
  });

  it('says so when the folder held nothing, and reads a record from before the new counts', () => {
    expect(text('de', none)).toBe(
      'Am «at» übernommen; der lokale Ordner enthielt nichts zu übernehmen. Er ist seitdem nur noch lesbar.',
    );
    const older = { drafts: 1, archive: 4, draftsKept: 1, at: AT } as FolderTakeover;
    expect(text('en', older)).toBe(
      'Taken over on «at»: 1 draft and 4 archive entries. Since then the local folder can only be read. ' +
        'Already in the team database and left as they were there: 1 draft.',
    );
  });
});
