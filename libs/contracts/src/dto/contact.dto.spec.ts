import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ContactDto } from './contact.dto';

async function messagesFor(plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(ContactDto, plain));
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Billing', message: 'Hello there' };

describe('ContactDto', () => {
  it('accepts a complete message and trims it', async () => {
    expect(await messagesFor(valid)).toEqual([]);
    expect(plainToInstance(ContactDto, { ...valid, subject: '  Billing  ' }).subject).toBe('Billing');
  });

  it('requires every field', async () => {
    expect(await messagesFor({ name: ' ', email: 'x', subject: '', message: '\n' })).toEqual([
      'Name is required',
      'Please enter a valid email address',
      'Subject is required',
      'Message is required',
    ]);
  });

  it('caps the lengths', async () => {
    expect(await messagesFor({ ...valid, name: 'n'.repeat(101) })).toEqual([
      'Name cannot exceed 100 characters',
    ]);
    expect(await messagesFor({ ...valid, subject: 's'.repeat(201) })).toEqual([
      'Subject cannot exceed 200 characters',
    ]);
    expect(await messagesFor({ ...valid, message: 'm'.repeat(5001) })).toEqual([
      'Message cannot exceed 5000 characters',
    ]);
  });
});
