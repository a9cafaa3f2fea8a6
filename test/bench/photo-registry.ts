import sharp from 'sharp';

/**
 * A photograph's weight and detail: a 2400 × 1800 JPEG of smooth gradients and noise, about as
 * heavy as a phone's picture once the server has stored it, not a flat colour that costs nothing.
 */
async function aPhotograph(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = (seed >> 16) % 48;
      const index = (y * width + x) * 3;
      pixels[index] = Math.min(255, 90 + (x * 120) / width + noise);
      pixels[index + 1] = Math.min(255, 110 + (y * 90) / height + noise);
      pixels[index + 2] = Math.min(255, 150 + noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A registry with a photo, made as a family makes one: an account, the photo uploaded (the server
 * keeps its sized copies), and the registry. Real registries carry photos, and a guest's first
 * screen waits on it.
 */
export async function aRegistryWithAPhoto(serverUrl: string): Promise<{ id: string; shortCode: string; childName: string }> {
  const cookies: string[] = [];
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(`${serverUrl}${path}`, {
      ...init,
      headers: { Origin: serverUrl, ...(cookies.length > 0 ? { Cookie: cookies.join('; ') } : {}), ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) cookies.push(line.split(';')[0]!);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const username = `benchphoto${Date.now().toString(36)}`;
  await call(
    '/api/register',
    json({ firstName: 'Miriam', lastName: 'Adler', email: `${username}@example.com`, username, password: 'shalom-2026' }),
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await aPhotograph())], { type: 'image/jpeg' }), 'bat-mitzvah.jpg');
  const uploaded = await call('/api/objects/upload', { method: 'POST', body: form });
  const childName = 'Shira Adler';
  const registry = await call(
    '/api/registries',
    json({
      childName,
      celebrationDate: '2030-05-16',
      currency: 'USD',
      personalMessage: 'Thank you for celebrating with us! Every gift helps Shira give back.',
      photoUrl: uploaded.photoUrl,
      preferredCharityId: '',
      allowCharityChoice: true,
    }),
  );
  return { id: String(registry.id), shortCode: String(registry.shortCode), childName };
}
