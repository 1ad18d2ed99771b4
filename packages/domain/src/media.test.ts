import { describe, expect, it } from 'vitest';
import {
  chooseImageSize,
  imdbUrl,
  isListOf,
  isSearchableQuery,
  localTitleSchema,
  mediaHeroText,
  mediaImageUrl,
  mediaListParamsSchema,
  mediaSearchQuerySchema,
  mediaSearchText,
  pickHomeHighlights,
  pickTrailer,
  yearOf,
  youtubeEmbedUrl,
} from './media.ts';

const title = (name: string, voteAverage: number, voteCount = 100) => ({ name, voteAverage, voteCount });

describe('home highlights', () => {
  it('takes the first 4 trending movies and the first 4 trending series, never a fifth', () => {
    const movies = [title('m1', 8), title('m2', 8), title('m3', 8), title('m4', 8), title('m5', 9.9)];
    const series = [title('s1', 7.5), title('s2', 7.5), title('s3', 7.5), title('s4', 7.5), title('s5', 9.9)];
    const names = pickHomeHighlights(movies, series).map((item) => item.name);
    expect(names).not.toContain('m5');
    expect(names).not.toContain('s5');
  });

  it('keeps only titles rated 7 or more, 7.0 included', () => {
    const picked = pickHomeHighlights([title('seven', 7), title('almost', 6.99)], [title('low', 3), title('high', 9)]);
    expect(picked.map((item) => item.name)).toEqual(['high', 'seven']);
  });

  it('shows at most 6, the best rated of the 8 candidates', () => {
    const movies = [title('m1', 7.1), title('m2', 8.5), title('m3', 7.0), title('m4', 9.0)];
    const series = [title('s1', 8.0), title('s2', 7.2), title('s3', 8.8), title('s4', 7.5)];
    const picked = pickHomeHighlights(movies, series);
    expect(picked).toHaveLength(6);
    expect(picked.map((item) => item.name)).toEqual(['m4', 's3', 'm2', 's1', 's4', 's2']);
    expect(picked.every((item) => item.voteAverage >= 7)).toBe(true);
  });

  it('breaks rating ties by votes, then by trending position, movies first', () => {
    const picked = pickHomeHighlights([title('m-few-votes', 8, 10), title('m-second', 8, 500)], [title('s-first', 8, 500), title('s-second', 8, 500)]);
    expect(picked.map((item) => item.name)).toEqual(['s-first', 'm-second', 's-second', 'm-few-votes']);
  });

  it('is empty when nothing trending is rated 7 or more', () => {
    expect(pickHomeHighlights([title('a', 5)], [title('b', 6.9)])).toEqual([]);
    expect(pickHomeHighlights([], [])).toEqual([]);
  });
});

describe('image sizes', () => {
  it.each([
    ['poster', 100, 1, 'w342'],
    ['poster', 342, 1, 'w342'],
    ['poster', 343, 1, 'w500'],
    ['poster', 200, 2, 'w500'],
    ['poster', 400, 2, 'w780'],
    ['poster', 2000, 1, 'w780'],
    ['backdrop', 120, 1, 'w300'],
    ['backdrop', 300, 1, 'w300'],
    ['backdrop', 301, 1, 'w780'],
    ['backdrop', 700, 1, 'w780'],
    ['backdrop', 700, 2, 'w1280'],
    ['backdrop', 1440, 1, 'w1280'],
  ] as const)('a %s %i px wide at %ix uses %s', (kind, width, ratio, size) => {
    expect(chooseImageSize(kind, width, ratio)).toBe(size);
  });

  it('builds TMDB URLs at the chosen size and leaves local URLs as they are', () => {
    expect(mediaImageUrl('tmdb', '/abc123.jpg', 'poster', 180)).toBe('https://image.tmdb.org/t/p/w342/abc123.jpg');
    expect(mediaImageUrl('tmdb', '/abc123.jpg', 'backdrop', 1200)).toBe('https://image.tmdb.org/t/p/w1280/abc123.jpg');
    expect(mediaImageUrl('local', '/demo/media/titles/x-poster.svg', 'poster', 180)).toBe('/demo/media/titles/x-poster.svg');
    expect(mediaImageUrl('tmdb', null, 'poster', 180)).toBeNull();
  });

  it('refuses a TMDB path that would leave the image host', () => {
    expect(mediaImageUrl('tmdb', '//evil.example/x.jpg', 'poster', 180)).toBeNull();
    expect(mediaImageUrl('tmdb', '/../x.jpg', 'poster', 180)).toBeNull();
    expect(mediaImageUrl('tmdb', '/a.jpg?x=1', 'poster', 180)).toBeNull();
  });
});

describe('trailers and links', () => {
  it('picks the first YouTube trailer, skipping other sites and clips', () => {
    expect(
      pickTrailer([
        { site: 'Vimeo', type: 'Trailer', key: 'vimeo123456' },
        { site: 'YouTube', type: 'Clip', key: 'clip1234567' },
        { site: 'YouTube', type: 'Trailer', key: 'trailer1234', name: 'Trailer oficial' },
        { site: 'YouTube', type: 'Trailer', key: 'trailer5678' },
      ]),
    ).toEqual({ key: 'trailer1234', name: 'Trailer oficial' });
  });

  it('falls back to a teaser, and to nothing', () => {
    expect(pickTrailer([{ site: 'YouTube', type: 'Teaser', key: 'teaser12345' }])?.key).toBe('teaser12345');
    expect(pickTrailer([{ site: 'YouTube', type: 'Featurette', key: 'feat1234567' }])).toBeNull();
  });

  it('ignores a key that could break out of the embed URL', () => {
    expect(pickTrailer([{ site: 'YouTube', type: 'Trailer', key: '../../x?y=1' }])).toBeNull();
  });

  it('builds the embed and IMDb addresses', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(imdbUrl('tt0111161')).toBe('https://www.imdb.com/title/tt0111161/');
    expect(imdbUrl('nm0000001')).toBeNull();
    expect(imdbUrl(null)).toBeNull();
  });
});

describe('requests', () => {
  it('searches only for more than 2 characters, spaces aside', () => {
    expect(isSearchableQuery('ab')).toBe(false);
    expect(isSearchableQuery('  ab  ')).toBe(false);
    expect(isSearchableQuery('abc')).toBe(true);
    expect(mediaSearchQuerySchema.safeParse({ query: 'ab' }).error?.issues[0]?.message).toBe('Digite pelo menos 3 caracteres para buscar.');
    expect(mediaSearchQuerySchema.parse({ query: ' abc ' })).toEqual({ query: 'abc', type: 'multi', page: 1 });
  });

  it('knows which rows each type has', () => {
    expect(isListOf('movie', 'upcoming')).toBe(true);
    expect(isListOf('tv', 'upcoming')).toBe(false);
    expect(isListOf('tv', 'on_the_air')).toBe(true);
    expect(mediaListParamsSchema.safeParse({ mediaType: 'tv', list: 'now_playing' }).success).toBe(false);
  });

  it('folds accents and case in the search text', () => {
    expect(mediaSearchText('Coração de Pedra', 'Heart of STONE')).toBe('coracao de pedra heart of stone');
  });

  it('reads the year from an ISO date only', () => {
    expect(yearOf('2024-03-01')).toBe(2024);
    expect(yearOf('')).toBeNull();
    expect(yearOf('março de 2024')).toBeNull();
  });
});

describe('local titles', () => {
  const movie = { mediaType: 'movie' as const, title: 'Filme de Teste' };

  it('accepts a minimal movie and a full series', () => {
    expect(localTitleSchema.safeParse(movie).success).toBe(true);
    const series = localTitleSchema.safeParse({
      mediaType: 'tv',
      title: 'Série de Teste',
      date: '2024-05-01',
      numberOfSeasons: 2,
      numberOfEpisodes: 16,
      genreIds: [18, 10765],
      lists: ['on_the_air', 'trending'],
      imdbId: 'tt1234567',
      trailerKey: 'dQw4w9WgXcQ',
      homepage: 'https://exemplo.com.br/serie',
      posterUrl: '/demo/media/titles/serie.svg',
    });
    expect(series.error).toBeUndefined();
  });

  it.each([
    [{ ...movie, title: '   ' }, 'Informe o título.'],
    [{ ...movie, numberOfSeasons: 2 }, 'Filmes não têm temporadas nem episódios.'],
    [{ ...movie, mediaType: 'tv', runtime: 45 }, 'Para séries, informe temporadas e episódios em vez da duração.'],
    [{ ...movie, lists: ['on_the_air'] }, 'A lista on_the_air não existe para filmes.'],
    [{ ...movie, genreIds: [10765] }, 'Gênero 10765 desconhecido para filmes.'],
    [{ ...movie, posterUrl: '//evil.example/x.svg' }, 'Use um caminho do site (/…) ou uma URL https.'],
    [{ ...movie, posterUrl: 'javascript:alert(1)' }, 'Use um caminho do site (/…) ou uma URL https.'],
    [{ ...movie, homepage: 'javascript:alert(1)' }, 'Site inválido: use uma URL http(s).'],
    [{ ...movie, voteAverage: 11 }, 'A nota vai de 0 a 10.'],
    [{ ...movie, date: '2024-13-01' }, 'Data inválida: use AAAA-MM-DD.'],
  ])('refuses %o with "%s"', (input, message) => {
    const result = localTitleSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('refuses unknown fields instead of ignoring them', () => {
    expect(localTitleSchema.safeParse({ ...movie, id: '00000000-0000-0000-0000-000000000000' }).success).toBe(false);
  });
});

describe("the /midia hero's texts (the same in the browser and in the page the server fills)", () => {
  const movie = {
    source: 'tmdb' as const,
    backdropPath: '/fundo.jpg',
    title: ' Duna ',
    year: 2024,
    overview: 'Paul Atreides.',
    voteAverage: 8.25,
    voteCount: 10,
  };

  it('writes the title, the kind with the year, the vote with a comma and the 1280 px backdrop', () => {
    expect(mediaHeroText(movie)).toEqual({
      title: 'Duna',
      kindAndYear: 'Filme · 2024',
      vote: '8,3',
      overview: 'Paul Atreides.',
      imageUrl: 'https://image.tmdb.org/t/p/w1280/fundo.jpg',
    });
  });

  it('says when the title is missing, and leaves out a year and a vote it does not have', () => {
    expect(mediaHeroText({ ...movie, title: '  ', year: null, voteCount: 0, backdropPath: null })).toMatchObject({
      title: 'Título não disponível',
      kindAndYear: 'Filme',
      vote: null,
      imageUrl: null,
    });
  });
});
