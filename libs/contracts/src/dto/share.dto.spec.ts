import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ShareQuestionDto } from './share.dto';

async function messagesFor(plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(ShareQuestionDto, plain));
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('ShareQuestionDto', () => {
  it('accepts nothing at all: title and description are optional', async () => {
    expect(await messagesFor({})).toEqual([]);
  });

  it('lets a custom title exceed the 100-character default cut', async () => {
    expect(await messagesFor({ title: 'x'.repeat(150), description: 'y'.repeat(900), expiry: '7d' })).toEqual(
      [],
    );
  });

  it('caps title, description and expiry', async () => {
    expect(await messagesFor({ title: 'x'.repeat(201) })).toEqual(['Title cannot exceed 200 characters']);
    expect(await messagesFor({ description: 'y'.repeat(1001) })).toEqual([
      'Description cannot exceed 1000 characters',
    ]);
    expect(await messagesFor({ expiry: '2d' })).toEqual(['Please choose how long the link stays valid']);
  });

  it('refuses null characters, which PostgreSQL text cannot hold', async () => {
    expect(await messagesFor({ title: 'a\u0000b' })).toEqual(['Text cannot contain null characters']);
    expect(await messagesFor({ description: '\u0000' })).toEqual(['Text cannot contain null characters']);
  });

  it('treats blank fields as absent so the server applies the defaults', () => {
    const dto = plainToInstance(ShareQuestionDto, { title: '   ', description: ' d ' });
    expect(dto.title).toBeUndefined();
    expect(dto.description).toBe('d');
  });
});
