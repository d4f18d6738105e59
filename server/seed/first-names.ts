/**
 * Common first names for demo members, by gender and by where a name is usual, so a member in
 * Lagos is not called Madison and one in Osaka not Carlos. The groups follow the native languages
 * and countries the population draws (places.ts); the US English list is itself mixed, as US
 * names are. Plain data plus one lookup; names keep their accents (usernames.ts makes handles).
 */
import type { Random } from './random.ts';
import { pickOne } from './random.ts';

interface NamesByGender {
  Man: readonly string[];
  Woman: readonly string[];
}

const NAMES = {
  english: {
    Man: [
      'James',
      'Michael',
      'Daniel',
      'Ethan',
      'Noah',
      'Liam',
      'Matthew',
      'Ryan',
      'Tyler',
      'Brandon',
      'Marcus',
      'Jamal',
      'Andre',
      'Connor',
      'Caleb',
      'Nathan',
      'Owen',
      'Jordan',
      'Derek',
      'Trevor',
      'Isaiah',
      'Samuel',
    ],
    Woman: [
      'Emily',
      'Olivia',
      'Amelia',
      'Hannah',
      'Jessica',
      'Sarah',
      'Lauren',
      'Madison',
      'Chloe',
      'Grace',
      'Aaliyah',
      'Maya',
      'Brianna',
      'Megan',
      'Rachel',
      'Abigail',
      'Natalie',
      'Jasmine',
      'Kayla',
      'Sophie',
      'Imani',
      'Claire',
    ],
  },
  spanish: {
    Man: [
      'José',
      'Luis',
      'Carlos',
      'Juan',
      'Miguel',
      'Alejandro',
      'Diego',
      'Javier',
      'Mateo',
      'Andrés',
      'Ricardo',
      'Fernando',
      'Santiago',
      'Eduardo',
    ],
    Woman: [
      'María',
      'Sofía',
      'Valentina',
      'Camila',
      'Isabella',
      'Lucía',
      'Daniela',
      'Gabriela',
      'Ana',
      'Carmen',
      'Mariana',
      'Paula',
      'Ximena',
      'Alejandra',
    ],
  },
  portuguese: {
    Man: ['João', 'Pedro', 'Lucas', 'Gabriel', 'Rafael', 'Thiago', 'Felipe', 'Bruno', 'Gustavo', 'Rodrigo', 'Leonardo', 'Vinícius'],
    Woman: ['Ana', 'Beatriz', 'Larissa', 'Juliana', 'Fernanda', 'Camila', 'Letícia', 'Mariana', 'Gabriela', 'Bruna', 'Amanda', 'Luana'],
  },
  french: {
    Man: ['Louis', 'Hugo', 'Lucas', 'Thomas', 'Nicolas', 'Antoine', 'Julien', 'Mathieu', 'Olivier', 'Étienne', 'Maxime', 'Guillaume'],
    Woman: ['Camille', 'Léa', 'Chloé', 'Manon', 'Inès', 'Juliette', 'Sarah', 'Émilie', 'Claire', 'Margaux', 'Élodie', 'Pauline'],
  },
  german: {
    Man: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Leon', 'Paul', 'Tobias', 'Florian', 'Sebastian', 'Moritz', 'Stefan', 'Jan'],
    Woman: ['Anna', 'Lena', 'Laura', 'Julia', 'Hannah', 'Lea', 'Sophie', 'Katharina', 'Johanna', 'Miriam', 'Franziska', 'Marie'],
  },
  turkish: {
    Man: ['Mehmet', 'Mustafa', 'Ahmet', 'Emre', 'Burak', 'Can', 'Murat', 'Yusuf', 'Kerem', 'Oğuz', 'Serkan', 'Hakan'],
    Woman: ['Ayşe', 'Zeynep', 'Elif', 'Fatma', 'Merve', 'Esra', 'Selin', 'Büşra', 'Deniz', 'Ceren', 'Ebru', 'İrem'],
  },
  arabic: {
    Man: ['Mohammed', 'Ahmed', 'Omar', 'Ali', 'Youssef', 'Khaled', 'Hassan', 'Karim', 'Tarek', 'Mahmoud', 'Ibrahim', 'Hamza'],
    Woman: ['Fatima', 'Aisha', 'Mariam', 'Layla', 'Nour', 'Sara', 'Huda', 'Yasmin', 'Amira', 'Rania', 'Salma', 'Hana'],
  },
  urdu: {
    Man: ['Muhammad', 'Ali', 'Hamza', 'Usman', 'Bilal', 'Hassan', 'Imran', 'Faisal', 'Zain', 'Asad', 'Saad', 'Adnan'],
    Woman: ['Ayesha', 'Fatima', 'Sana', 'Hina', 'Maryam', 'Amna', 'Zainab', 'Iqra', 'Mahnoor', 'Sadia', 'Rabia', 'Nida'],
  },
  indian: {
    Man: [
      'Arjun',
      'Rahul',
      'Rohan',
      'Vikram',
      'Aditya',
      'Sanjay',
      'Amit',
      'Karan',
      'Rajesh',
      'Siddharth',
      'Arnav',
      'Pranav',
      'Suresh',
      'Anil',
    ],
    Woman: [
      'Priya',
      'Ananya',
      'Aishwarya',
      'Kavya',
      'Neha',
      'Pooja',
      'Divya',
      'Sneha',
      'Isha',
      'Lakshmi',
      'Meera',
      'Shreya',
      'Deepika',
      'Riya',
    ],
  },
  punjabi: {
    Man: ['Harpreet', 'Gurpreet', 'Manpreet', 'Jaspreet', 'Amandeep', 'Harjit', 'Sukhdeep', 'Ranjit', 'Balwinder', 'Navjot'],
    Woman: ['Simran', 'Harleen', 'Jasleen', 'Gurleen', 'Navneet', 'Manjit', 'Kiranjit', 'Rupinder', 'Amrit', 'Parminder'],
  },
  bengali: {
    Man: ['Arif', 'Rahim', 'Sourav', 'Anik', 'Tanvir', 'Rafiq', 'Sajid', 'Arnab', 'Nasir', 'Shakib'],
    Woman: ['Nusrat', 'Sumaiya', 'Tania', 'Farhana', 'Rumana', 'Mithila', 'Shirin', 'Ishrat', 'Priyanka', 'Tasnim'],
  },
  chinese: {
    Man: ['Wei', 'Jun', 'Hao', 'Lei', 'Jian', 'Ming', 'Yang', 'Chen', 'Zhi', 'Kai', 'Bo', 'Tao'],
    Woman: ['Mei', 'Li', 'Xiu', 'Ying', 'Lan', 'Jing', 'Hui', 'Fang', 'Yan', 'Xin', 'Ling', 'Qing'],
  },
  japanese: {
    Man: ['Haruto', 'Yuto', 'Sota', 'Ren', 'Takumi', 'Kenji', 'Hiroshi', 'Daiki', 'Kaito', 'Ryo', 'Shota', 'Yuki'],
    Woman: ['Yui', 'Hina', 'Sakura', 'Aoi', 'Yuna', 'Mio', 'Haruka', 'Emi', 'Rin', 'Misaki', 'Natsuki', 'Ayaka'],
  },
  korean: {
    Man: ['Min-jun', 'Seo-jun', 'Ji-ho', 'Hyun-woo', 'Jae-won', 'Dong-hyun', 'Sung-min', 'Tae-yang', 'Jin', 'Joon'],
    Woman: ['Seo-yeon', 'Ji-woo', 'Min-seo', 'Ha-eun', 'Soo-ah', 'Ji-min', 'Yu-na', 'Eun-ji', 'Hye-jin', 'Da-eun'],
  },
  vietnamese: {
    Man: ['Minh', 'Huy', 'Duc', 'Quang', 'Tuan', 'Long', 'Khoa', 'Nam', 'Bao', 'Hieu'],
    Woman: ['Linh', 'Trang', 'Thao', 'Ngoc', 'Huong', 'Mai', 'Phuong', 'Anh', 'Vy', 'Hoa'],
  },
  indonesian: {
    Man: ['Budi', 'Agus', 'Rizky', 'Dimas', 'Eko', 'Andi', 'Fajar', 'Bayu', 'Arif', 'Hendra'],
    Woman: ['Siti', 'Dewi', 'Putri', 'Ayu', 'Indah', 'Rina', 'Wulan', 'Sri', 'Intan', 'Nurul'],
  },
  nigerian: {
    Man: ['Chinedu', 'Emeka', 'Tunde', 'Oluwaseun', 'Femi', 'Obinna', 'Chukwuma', 'Ayodele', 'Kelechi', 'Segun', 'David', 'Samuel'],
    Woman: [
      'Ngozi',
      'Chiamaka',
      'Funmilayo',
      'Adaeze',
      'Folake',
      'Nneka',
      'Temitope',
      'Blessing',
      'Ifeoma',
      'Yetunde',
      'Esther',
      'Precious',
    ],
  },
  hausa: {
    Man: ['Abubakar', 'Musa', 'Aminu', 'Usman', 'Sani', 'Ibrahim', 'Bashir', 'Yakubu', 'Nasiru', 'Umar'],
    Woman: ['Aisha', 'Hauwa', 'Zainab', 'Amina', 'Hadiza', 'Fatima', 'Maryam', 'Halima', 'Rukayya', 'Safiya'],
  },
  filipino: {
    Man: ['Jose', 'Mark', 'John Paul', 'Angelo', 'Miguel', 'Carlo', 'Paolo', 'Jericho', 'Rafael', 'Christian'],
    Woman: ['Maria', 'Angel', 'Kristine', 'Jasmine', 'Camille', 'Princess', 'Althea', 'Bea', 'Joanna', 'Nicole'],
  },
  russian: {
    Man: ['Alexei', 'Dmitri', 'Ivan', 'Sergei', 'Nikolai', 'Mikhail', 'Andrei', 'Pavel', 'Artem', 'Maxim'],
    Woman: ['Anastasia', 'Ekaterina', 'Olga', 'Natalia', 'Svetlana', 'Daria', 'Tatiana', 'Irina', 'Polina', 'Yulia'],
  },
  italian: {
    Man: ['Marco', 'Luca', 'Alessandro', 'Matteo', 'Giuseppe', 'Francesco', 'Lorenzo', 'Davide', 'Andrea', 'Riccardo'],
    Woman: ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Alessia', 'Elena', 'Valentina', 'Federica', 'Silvia'],
  },
  thai: {
    Man: ['Somchai', 'Anan', 'Krit', 'Niran', 'Thanawat', 'Prasert', 'Chaiya', 'Kittisak'],
    Woman: ['Malee', 'Siriporn', 'Nattaya', 'Pim', 'Kanya', 'Araya', 'Ploy', 'Suda'],
  },
} satisfies Record<string, NamesByGender>;

type NameGroup = keyof typeof NAMES;

const GROUP_BY_LANGUAGE: Record<string, NameGroup> = {
  English: 'english',
  Spanish: 'spanish',
  Portuguese: 'portuguese',
  French: 'french',
  German: 'german',
  Turkish: 'turkish',
  Arabic: 'arabic',
  Urdu: 'urdu',
  'India Languages': 'indian',
  Bengali: 'bengali',
  Mandarin: 'chinese',
  Japanese: 'japanese',
  Korean: 'korean',
  Vietnamese: 'vietnamese',
  Indonesian: 'indonesian',
  Hausa: 'hausa',
  Russian: 'russian',
  Italian: 'italian',
  Thai: 'thai',
};

/** English is a second language in these countries: the names are the country's own. */
const GROUP_OF_ENGLISH_SPEAKERS_IN: Record<string, NameGroup> = {
  Nigeria: 'nigerian',
  Philippines: 'filipino',
  India: 'indian',
  Pakistan: 'urdu',
};

/**
 * Where a name is usual: mostly the native language, but faith names children too, so a Sikh
 * is Harpreet rather than Priya, and a Muslim in Mumbai or Lagos has a Muslim name.
 */
export function nameGroupOf(nativeLanguage: string, country: string, religion: string): NameGroup {
  const muslim = religion.startsWith('Muslim');
  if (religion === 'Sikh') return 'punjabi';
  if (muslim && (nativeLanguage === 'India Languages' || country === 'India')) return 'urdu';
  if (muslim && country === 'Nigeria') return 'hausa';
  if (religion === 'Hindu' && nativeLanguage === 'Bengali') return 'indian';
  if (nativeLanguage === 'English' && GROUP_OF_ENGLISH_SPEAKERS_IN[country]) return GROUP_OF_ENGLISH_SPEAKERS_IN[country];
  return GROUP_BY_LANGUAGE[nativeLanguage] ?? 'english';
}

/** A common first name for a member of this gender, native language, country and faith. */
export function firstNameFor(random: Random, member: Record<string, unknown>): string {
  const group = NAMES[nameGroupOf(String(member.native_language), String(member.home_country), String(member.religion))];
  return pickOne(random, member.gender === 'Man' ? group.Man : group.Woman);
}
