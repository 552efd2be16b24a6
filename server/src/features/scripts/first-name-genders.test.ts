import { describe, expect, it } from 'vitest';
import { genderOfCharacterName, genderOfFirstName } from './first-name-genders';

// Common first names in English-speaking countries that are clearly one gender.
const MEN =
  'JONAH NOAH LIAM JAMES ROBERT JOHN MICHAEL DAVID WILLIAM RICHARD JOSEPH THOMAS CHARLES DANIEL MATTHEW ANTHONY MARK PAUL STEVEN ANDREW JOSHUA KEVIN BRIAN GEORGE EDWARD JASON JACOB ERIC JONATHAN STEPHEN BENJAMIN SAMUEL PATRICK FRANK PETER HENRY ETHAN OMAR DEV BEN TOM HARRY JACK LEO ADAM EZRA CARLOS JOSE'.split(
    ' ',
  );
const WOMEN =
  'MAYA MARY ANNA EMMA OLIVIA SOPHIA SARAH RUTH ZOE CHLOE MARIA AVA ISABELLA AMELIA ABIGAIL EMILY ELIZABETH VICTORIA GRACE HANNAH LILY ELEANOR NATALIE LUCY SAMANTHA CAROLINE ALICE NAOMI JULIA CLAIRE KATHERINE MARGARET REBECCA RACHEL JESSICA JENNIFER LAURA AMANDA NICOLE MICHELLE LENA ROSE EVE MIA'.split(
    ' ',
  );
// Names given to both genders: the lists must not pretend to know.
const EITHER =
  'SAM ALEX TAYLOR CHRIS JAMIE CASEY ROBIN MORGAN RILEY AVERY ANDREA JEAN SASHA KIT'.split(' ');

describe('first-name genders', () => {
  it.each(MEN)('%s is a man’s name', (name) => {
    expect(genderOfFirstName(name)).toBe('male');
  });

  it.each(WOMEN)('%s is a woman’s name', (name) => {
    expect(genderOfFirstName(name)).toBe('female');
  });

  it.each(EITHER)('%s is unknown (used by both)', (name) => {
    expect(genderOfFirstName(name)).toBeNull();
  });

  it('says unknown for words that are not names', () => {
    for (const word of ['NURSE', 'OFFICER', 'WAITER', 'YOUNG', 'VOICE', 'XYZZY', '', '42']) {
      expect(genderOfFirstName(word), word).toBeNull();
    }
  });

  it('reads the first name inside a character cue', () => {
    expect(genderOfCharacterName('JONAH')).toBe('male');
    expect(genderOfCharacterName('YOUNG MAYA')).toBe('female');
    expect(genderOfCharacterName('DR. RIVERA')).toBeNull();
    expect(genderOfCharacterName('NURSE #2')).toBeNull();
  });
});
