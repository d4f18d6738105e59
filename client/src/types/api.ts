/** Response shapes the client relies on. Fields the client only displays are loose. */
export interface Profile {
  id: number | string;
  user_id?: number | string;
  username?: string | null;
  email?: string | null;
  phone?: string | null;
  gender?: 'Man' | 'Woman' | string | null;
  date_of_birth?: string | null;
  age?: number | null;
  photo1_url?: string | null;
  photo2_url?: string | null;
  photo3_url?: string | null;
  photo4_url?: string | null;
  photo5_url?: string | null;
  distance?: number | null;
  is_liked?: boolean | null;
  chats?: number | null;
  home_country?: string | null;
  home_state?: string | null;
  home_city?: string | null;
  location_latitude?: number | null;
  location_longitude?: number | null;
  native_language?: string | null;
  height?: number | null;
  weight?: number | null;
  face_self_rating?: number | string | null;
  minimum_betrothal_gift_price?: number | string | null;
  [field: string]: unknown;
}

export interface AuthResult {
  user: number | string;
  username?: string;
  email?: string;
  token: string;
}

export interface Completeness {
  completion_percentage?: number;
  is_complete: boolean;
  missing_fields?: string[];
}

export interface LikeResult {
  match_created?: boolean;
  match_id?: number | string | null;
}

export function profilePhotos(profile: Profile, max = 5): string[] {
  const photos: string[] = [];
  for (let i = 1; i <= 5 && photos.length < max; i++) {
    const url = profile[`photo${i}_url`];
    if (typeof url === 'string' && url) photos.push(url);
  }
  return photos;
}
