import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { createMailSender, createSendMailJob } from './mail.service';
import { renderMail } from './mail-messages';

const token = 'A'.repeat(43);

describe('the send-mail job without SMTP_URL', () => {
  it('keeps the mail as an .eml file a mail program opens, in the recipient language', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'formwerk-mail-'));
    try {
      const job = createSendMailJob(
        { from: 'Formwerk <no-reply@forms.test>', directory, publicUrl: 'http://localhost:3000' },
        createLogger({ level: 'silent' }),
      );
      await job.run({ kind: 'reset-password', to: 'ann@example.com', locale: 'en', name: 'Ann', token });
      const [file] = await readdir(directory);
      expect(file).toMatch(/-reset-password-[A-Za-z0-9.@-]+\.eml$/);
      const mail = await simpleParser(await readFile(join(directory, file ?? '')));
      expect(mail.to).toMatchObject({ text: 'ann@example.com' });
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain(`http://localhost:3000/en/reset?token=${token}`);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('mails kept as files', () => {
  it('are 100 files for 100 mails of one kind sent at once, none overwriting another', {
    tags: ['reliability'],
  }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'formwerk-mail-'));
    try {
      const send = createMailSender(
        { from: 'Formwerk <no-reply@forms.test>', directory, publicUrl: 'http://localhost:3000' },
        createLogger({ level: 'silent' }),
      );
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          send(
            { to: `person${index}@example.com`, subject: 'Neue Antwort', text: `Nr. ${index}`, html: '' },
            'notification',
          ),
        ),
      );
      const files = await readdir(directory);
      expect(files).toHaveLength(100);
      const recipients = await Promise.all(
        files.map(async (file) => (await simpleParser(await readFile(join(directory, file)))).text?.trim()),
      );
      expect(new Set(recipients).size).toBe(100);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('renderMail', () => {
  it('puts names people typed into the HTML only escaped', () => {
    const mail = renderMail(
      {
        kind: 'invitation',
        to: 'x@example.com',
        locale: 'de',
        inviterName: '<img src=x onerror=alert(1)>',
        teamName: 'R&D "Labs"',
        token,
      },
      'https://forms.example',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.subject).toBe('Einladung zum Team „R&D "Labs"“');
    expect(mail.text).toContain(`https://forms.example/invite?token=${token}`);
  });
});
