"""Competition systems, scoring, withdrawals and tie-breaks (Chương VI, Điều 21, 25-30,
Phụ lục 1 of the Xiangqi Law; 002 part 2-3 for chess).  Pure Python, no Django.

Modules and their main functions (details in each module's docstring):

- ``roundrobin``: ``berger_table(n)``, ``double_round_robin(n, swap_last_two=False)``,
  ``meeting_round(i, j, size)``, ``white_of(i, j, size)``, ``format_table(n, double)``,
  ``rest_schedule(n)``, ``PRINTED_TABLE_TYPOS``.
- ``model``: ``Competitor``, ``Entry`` and the entry kinds ``GAME``, ``FORFEIT``,
  ``PAB``, ``BYE``, ``ABSENT``, ``ANNULLED``; ``score(competitor)``.
- ``scoring``: ``two_game_match``, ``rank_by_match_points``, ``withdraw_round_robin``,
  ``withdraw_swiss``, ``crosstable_mark``.
- ``tiebreaks``: ``compute_standings(competitors, rounds, codes, system, ...)``,
  ``tiebreak_values``, ``parse_code``, ``DEFAULT_ROUND_ROBIN``, ``DEFAULT_SWISS``.
- ``trf_adapter``: ``competitors_from_trf``, ``standings_from_trf``, ``guess_system``.
- ``swissdraw``: ``draw_round(competitors, round, seed, previous)``, ``subgroup``,
  ``colour_allowed``, ``tracking_card``.
- ``adjusted_swiss``: Điều 28 as written: ``pair_round(players, round, rounds, lot_seed)``,
  ``rank_order`` (28.1), ``pairings_in_order`` (Phụ lục 3), ``allocate`` (colours).
- ``knockout``: ``bracket_size``, ``seed_positions``, ``first_round``, ``next_round``,
  ``MiniMatch``, ``TieRule``, ``DoubleForfeitRule``, ``Placement``.
- ``team``: ``Roster``, ``team_round_robin``, ``board_colours``, ``scheveningen``,
  ``simultaneous_match``, ``TeamResult``, ``rank_teams``, ``match_points``,
  ``TeamMatchScore``, ``team_standings``.
- ``match``: individual matches (002 Điều 8) ``match_colours``, ``check_match_terms``,
  ``match_state``; individual Scheveningen (002 Điều 10) ``scheveningen_rounds``.
"""
