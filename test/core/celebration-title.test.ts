import { describe, expect, it } from 'vitest';
import { celebrationTitle, CELEBRATION_TYPES } from '@core/model/celebration-title';
import { capitalisationHint } from '@core/registry/name-capitalisation';
import { celebration } from '@core/mail/email-layout';
import { defaultThankYouMessage } from '@core/thank-you/default-message';
import { renderThankYouCard } from '@core/thank-you/render-card';
import { aNewRegistry } from '../support/builders';

describe('the celebration title', () => {
  it('says what the family chose', () => {
    expect(celebrationTitle({ childName: 'Maya', celebrationType: 'bat' })).toBe("Maya's Bat Mitzvah");
    expect(celebrationTitle({ childName: 'Eli', celebrationType: 'bar' })).toBe("Eli's Bar Mitzvah");
    expect(celebrationTitle({ childName: 'Noa and Ari', celebrationType: 'bnai' })).toBe("Noa and Ari's B'nai Mitzvah");
  });

  it("keeps the spec's 'Bar/Bat Mitzvah' only for a family that chose not to say", () => {
    expect(celebrationTitle({ childName: 'Sam', celebrationType: 'unspecified' })).toBe("Sam's Bar/Bat Mitzvah");
    for (const type of CELEBRATION_TYPES.filter((t) => t !== 'unspecified')) {
      expect(celebrationTitle({ childName: 'Sam', celebrationType: type })).not.toContain('Bar/Bat');
    }
  });

  it('is the one the e-mails and the thank-you cards use', () => {
    const registry = { ...aNewRegistry('u-1', { childName: 'Maya Rose Katz', celebrationType: 'bat' }), id: 'r-1' };
    expect(celebration(registry as never)).toBe("Maya Rose Katz's Bat Mitzvah");
    const card = renderThankYouCard(
      {
        templateId: 'traditional',
        customMessage: 'Thanks',
        imageUrls: [],
        imageSize: 'medium',
        childName: 'Maya Rose Katz',
        celebrationType: 'bat',
        giverName: 'Aunt Miriam',
      },
      'https://gifts.example',
    );
    expect(card.html).toContain('Maya Rose Katz&#39;s Bat Mitzvah');
    expect(card.html).not.toContain('Bar/Bat');
  });

  it('names the celebration in the default thank-you message, and twins speak together', () => {
    expect(defaultThankYouMessage('Miriam', 'maya katz', 'bat')).toContain(
      'being part of my Bat Mitzvah. Your kindness means a great deal to me and my family, and I am proud',
    );
    expect(defaultThankYouMessage('Miriam', 'noa katz', 'bnai')).toContain(
      "being part of our B'nai Mitzvah. Your kindness means a great deal to us and our family, and we are proud",
    );
    expect(defaultThankYouMessage('Miriam', 'sam katz')).toContain('being part of my Bar/Bat Mitzvah.');
  });
});

describe('the capitalisation hint for the child’s name', () => {
  it('suggests capitals for a name typed in lower case or all capitals', () => {
    expect(capitalisationHint('maya rose katz')).toBe('Maya Rose Katz');
    expect(capitalisationHint('MAYA KATZ')).toBe('Maya Katz');
    expect(capitalisationHint("sarah-rose o'brien")).toBe("Sarah-Rose O'Brien");
    expect(capitalisationHint('élodie cohen')).toBe('Élodie Cohen');
  });

  it('says nothing when the name already looks capitalised, and keeps mixed capitals and particles', () => {
    expect(capitalisationHint('Maya Rose Katz')).toBeNull();
    expect(capitalisationHint('DeShawn McAllister')).toBeNull();
    expect(capitalisationHint('Eli ben David')).toBeNull();
    expect(capitalisationHint('J.R. Smith')).toBeNull();
    expect(capitalisationHint('McAllister jones')).toBe('McAllister Jones');
    expect(capitalisationHint('  ')).toBeNull();
  });
});
