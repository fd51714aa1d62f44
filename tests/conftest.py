"""The suite's markers, put on where they belong, so a run can leave the long parts out.

- ``browser``: everything under tests/browser (Chromium, JupyterLab, Voila), and the tests
  elsewhere that drive Chromium (:data:`ALSO_BROWSER`);
- ``notebooks``: every cell nbval runs, and the tests that run a notebook of notebooks/
  (:data:`RUN_NOTEBOOKS`);
- ``slow``: put on by hand (``@pytest.mark.slow``) on the heavy pure-Python tests.

``make check`` runs ``-m "not browser and not notebooks and not slow"``: the edit-test loop;
``make test`` runs everything.

No test compares a time with a limit, Hypothesis's included: its profile here has no deadline
per example and no health check on slow data generation (a loaded machine is not a bug).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import answer_keys

settings.register_profile("cfwidget", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cfwidget")

TESTS = Path(__file__).resolve().parent

#: Test files that run notebooks of notebooks/: their code in this process (the answer keys),
#: or the whole notebook served by Voila (these are browser tests too).
RUN_NOTEBOOKS = frozenset(
    {
        "teach/test_answer_keys.py",
        "browser/test_voila_axe.py",
        "browser/test_voila_lesson.py",
        "browser/test_voila_therapy.py",
        "browser/test_voila_therapy_resume.py",
        "browser/test_voila_therapy_rows.py",
    }
)


#: The heavy pure-Python tests, by file and function (every case of a parametrized one), with
#: the seconds their cases took together (and how many cases), in one run on a 2-core machine
#: under a load of 2 to 6 (``pytest -m "not browser" --durations``, December 2026): about 260 s
#: in all, against about 70 s for the rest of the quick part. tests/test_suite.py checks that
#: every name here is a test.
SLOW: dict[str, set[str]] = {
    "analysis/test_evaluate.py": {
        "test_a_dask_client_gives_the_same_table",  # 2.7 s
        "test_the_mean_is_within_three_standard_errors_of_the_exact_expectation",  # 3.5 s (2)
        "test_the_same_seed_gives_the_same_table_when_hidden_tiles_are_dealt_again",  # 4.4 s
        "test_the_search_bot_leaves_the_coachs_move_only_when_it_is_sure",  # 4.5 s
        "test_the_search_bot_plays_legally_and_beats_the_random_bot",  # 5.4 s
    },
    "analysis/test_deep_search.py": {
        "test_an_easy_choice_stops_early_and_a_close_one_uses_more_worlds",  # 3.4 s
        "test_the_bot_plays_legal_moves_to_the_end_of_rounds_of_several_presets",  # 3.4 s
        "test_the_race_agrees_with_a_large_evaluation_on_what_it_drops",  # 30 s
        "test_the_same_seed_gives_the_same_choices_and_races",  # 6.6 s
    },
    "analysis/test_review.py": {
        "test_a_dask_client_gives_the_same_review",  # 2.2 s
    },
    "analysis/test_solve.py": {
        "test_solve_equals_a_plain_brute_force",  # 4.8 s (2)
    },
    "core/test_boundary.py": {
        "test_every_refusal_and_what_to_do_names_only_legal_actions",  # 24.9 s (6)
        "test_nothing_a_seat_is_told_changes_with_tiles_it_cannot_see",  # 13.5 s (6)
        "test_the_deep_search_bots_choice_does_not_change_with_tiles_its_seat_cannot_see",  # 17 s
        "test_the_rounds_words_are_the_observations_words",  # 2.7 s
    },
    "core/test_boundary_screens.py": {
        "test_a_widget_shows_a_seat_nothing_it_cannot_see",  # 9.4 s (6)
        "test_practice_undo_is_the_study_mode_that_takes_back_bot_moves",  # 1.5 s
        "test_the_tables_view_shows_nothing_that_changes_with_any_hidden_tile",  # 2.2 s (3)
        "test_undo_takes_back_only_the_persons_own_moves",  # 2.8 s
    },
    "core/test_differential.py": {
        "test_random_option_mixes_agree_with_the_reference",  # 5.2 s (8)
    },
    "core/test_illegal.py": {
        "test_only_legal_moves_are_accepted",  # 6.2 s
        "test_refusal_is_the_illegal_moves_reason_and_none_when_legal",  # 6.4 s (6)
    },
    "core/test_invariants.py": {
        "test_every_set_size_plays_to_the_end",  # 3.8 s (21)
        "test_rule_variants_all_play_out",  # 2.1 s
    },
    "core/test_properties.py": {
        "test_parsing_never_crashes_with_anything_but_a_notation_error",  # 2.3 s
    },
    "odds/test_course_figures.py": {
        "test_standard_errors_from_the_binomial_distribution",  # 1.5 s (3)
    },
    "odds/test_odds_vs_simulation.py": {
        "test_first_turn_odds_match_the_real_yard",  # 8.1 s (2)
        "test_starting_double_turns_up_as_counted",  # 2.7 s (3)
    },
    "odds/test_oddsplots.py": {
        "test_explorer_redraws_and_clamps",  # 1.7 s
    },
    "odds/test_sharper.py": {
        "test_the_sampler_agrees_with_every_consistent_deal_counted",  # 2.9 s
        "test_the_sharper_count_is_better_calibrated_than_the_plain_count",  # 3.6 s
        "test_the_ways_to_explain_a_hand_against_trying_every_one",  # 1.4 s
    },
    "players/test_bots.py": {
        "test_every_bot_finishes_rounds_of_every_preset",  # 23.5 s
    },
    "players/test_coach_bot.py": {
        "test_a_fresh_interpreter_finds_the_coach_straight_from_players",  # 1.3 s
        "test_a_fresh_interpreter_finds_the_coach_through_cf_simulate",  # 1.7 s
        "test_simulate_knows_the_coach_in_one_process_and_in_a_pool_of_fresh_processes",  # 3.3 s
        "test_the_coach_plays_only_legal_moves_under_every_preset",  # 1.3 s
    },
    "players/test_dask.py": {
        "test_a_client_gives_the_frame_of_one_process",  # 1.4 s
    },
    "room/test_app.py": {
        "test_a_thousand_rapid_connects_with_wrong_links_change_nothing",  # 1.8 s
    },
    "room/test_kernel.py": {
        "test_a_device_plays_the_notebooks_seat_between_cells",  # 2.4 s (a kernel starts)
    },
    "room/test_serve.py": {
        "test_kill_9_mid_round_then_every_device_rejoins_with_nothing_lost",  # 10 s
    },
    "table/test_badges.py": {
        "test_badges_never_cover_another_tile_over_random_rounds",  # 2.7 s (6)
    },
    "table/test_layout.py": {
        "test_random_rounds_of_every_preset_and_bigger_sets",  # 4.6 s
        "test_tables_take_the_shape_of_a_wide_board",  # 6.3 s
        "test_whole_set_tables",  # 2.6 s (4)
    },
    "teach/test_ev_exercises.py": {
        "test_bad_requests_are_lesson_errors",  # 1.5 s
    },
    "teach/test_pictures.py": {
        "test_a_grown_table_keeps_its_scale_and_grows_taller_not_wider",  # 1.9 s
        "test_alt_text_gives_the_centre_the_open_ends_the_last_tile_and_the_turn",  # 3.1 s (22)
        "test_every_lesson_picture_is_drawn_at_the_same_large_scale",  # 5.2 s (22)
        "test_the_hand_text_lists_exactly_the_seats_tiles",  # 3.4 s (6)
        "test_the_legend_names_exactly_the_marks_in_the_picture",  # 4.5 s (22)
    },
    "test_architecture.py": {
        "test_each_error_lives_in_the_lowest_layer_that_raises_it",  # 10.6 s
        "test_errors_are_defined_once_with_their_layer_and_print_as_the_package_names",  # 2.8 s
    },
    "therapy/test_crash.py": {
        "test_a_record_cut_at_any_line_or_inside_one_loses_and_merges_no_turn",  # 1.7 s
        "test_killed_again_and_again_the_record_keeps_every_turn",  # 4.3 s
    },
    "therapy/test_levels.py": {
        "test_no_help_below_the_level_over_whole_sessions",  # 15 s (5 whole games)
        "test_no_help_below_the_level_under_every_preset",  # 74 s (30 sessions)
    },
    "therapy/test_sessions.py": {
        "test_coloured_buttons_keep_white_text_readable",  # 1.3 s
    },
    "tools/test_evaluate_tools.py": {
        "test_the_review_bench_prints_serial_and_shared_times",  # 12.1 s
    },
    "tools/test_room_load.py": {
        "test_the_quick_load_plays_two_rooms_and_reports_its_counts",  # 9 s (a server starts)
    },
    "tools/test_scale_bench.py": {
        "test_prints_three_rates_against_one_process",  # 4.8 s
    },
    "tools/test_error_spread.py": {
        "test_the_spread_over_seeds_is_what_the_stated_errors_say",  # 56 s (under load)
        "test_a_reviews_flags_keep_their_verdict_with_four_times_the_worlds",  # 54 s at load 12
    },
    "tools/test_screen_bench.py": {
        "test_prints_a_layout_line_per_preset_and_shape",  # 1.4 s
    },
    "room/test_scale.py": {
        # two server processes, one killed and started again, under a load of 4 to 6
        "test_rooms_spread_over_two_processes_and_a_killed_ones_rooms_come_back_on_restart",  # 75 s
        "test_the_docs_proxy_configs_send_each_room_to_one_process",  # 45 s (2; each skipped
        # without its proxy)
    },
    "widget/test_review_widget.py": {
        "test_what_a_seat_sees_does_not_change_when_what_it_cannot_see_is_dealt_again",  # 1.6 s
    },
    "widget/test_widget.py": {
        "test_a_finished_round_stays_finished_unless_practising",  # 1.2 s
        "test_fuzz_ten_thousand_random_messages",  # 8.6 s
        "test_mimebundle_extends_anywidget_with_a_static_svg",  # 1.5 s
        "test_the_synced_state_never_holds_another_seats_tiles_or_the_yard",  # 10.1 s
    },
}


#: Tests outside tests/browser that drive Chromium all the same (by file and function).
ALSO_BROWSER: dict[str, set[str]] = {
    "tools/test_screen_bench.py": {"test_the_draw_and_its_yardstick_come_from_one_page"},
    # Each module starts a real Jupyter server (about 12 s on a loaded machine), once.
    "room/test_jupyter_route.py": {
        "test_guests_reach_the_room_through_jupyter_and_nothing_else",  # 13.7 s with the server
        "test_in_a_kernels_loop_the_room_serves_through_jupyter_and_stops_cleanly",  # 0.5 s
        "test_at_most_a_hundred_websockets_at_once_reach_a_room",  # 2 s
        "test_a_dead_registration_leads_nowhere",  # 0.1 s
        "test_a_plain_pip_install_of_the_wheel_enables_the_route",  # 10.7 s
        "test_whatever_listens_on_a_registration_the_pages_are_the_packages",  # 0.1 s
        "test_the_route_is_used_only_when_asked_or_on_a_hub",  # 0.3 s
    },
}


def _under_tests(item: pytest.Item) -> str | None:
    """The item's file relative to tests/ (``teach/test_lessons.py``), or None if elsewhere."""
    try:
        return Path(item.path).resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return None


def _is_nbval_cell(item: pytest.Item) -> bool:
    return type(item).__module__.startswith("nbval")


@pytest.hookimpl(tryfirst=True)  # before -m picks the items by their markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        where = _under_tests(item)
        name = getattr(item, "originalname", item.name)
        if where is not None and (
            where.startswith("browser/") or name in ALSO_BROWSER.get(where, ())
        ):
            item.add_marker(pytest.mark.browser)
        if _is_nbval_cell(item) or where in RUN_NOTEBOOKS:
            item.add_marker(pytest.mark.notebooks)
        if name in SLOW.get(where or "", ()):
            item.add_marker(pytest.mark.slow)


# -- the answer keys ride on nbval's run of each lesson -------------------------------------------
#
# A lesson's code runs once per `make test`: nbval runs it in a kernel and compares its outputs;
# in that same kernel a recorder keeps the exercises each cell makes (installed before the first
# cell) and the guide's answer keys are checked after the last cell (tests/helpers/
# answer_keys.py). tests/teach/test_answer_keys.py then reads the verdict, so it runs after
# nbval's cells; without nbval in the run it runs the lesson's code itself.

ANSWER_KEYS = "teach/test_answer_keys.py"
_IN_KERNEL = "__import__('tests.helpers.answer_keys', fromlist=['x'])"  # the module, in a kernel


def _keyed_lesson(item: pytest.Item) -> str | None:
    """The lesson number (``"07b"``) if ``item`` is an nbval cell of a keyed lesson."""
    if not _is_nbval_cell(item):
        return None
    match = answer_keys.LESSON_NAME.match(Path(item.path).name)
    return match[1] if match else None


def _kernel_execute(kernel: Any, code: str, result: str | None = None) -> Any:
    """Run ``code`` quietly in nbval's kernel; the value of the expression ``result``."""
    expressions = {"result": result} if result else {}
    msg_id = kernel.kc.execute(code, silent=True, user_expressions=expressions)
    while True:
        reply = kernel.get_message(stream="shell", timeout=600)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    kernel.await_idle(msg_id, 600)
    content = reply["content"]
    if content["status"] != "ok":
        raise RuntimeError(f"{content.get('ename')}: {content.get('evalue')}")
    if result is None:
        return None
    value = content["user_expressions"]["result"]
    if value.get("status") != "ok":
        raise RuntimeError(f"{value.get('ename')}: {value.get('evalue')}")
    return ast.literal_eval(value["data"]["text/plain"])


class _AnswerKeysOnNbval:
    """The plugin that runs the answer keys in nbval's kernels (registered below)."""

    @pytest.hookimpl(trylast=True)  # after -m and -k have picked the items
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        cells: dict[str, list[pytest.Item]] = {}
        for item in items:
            lesson = _keyed_lesson(item)
            if lesson is not None:
                cells.setdefault(lesson, []).append(item)
        answer_keys.UNDER_NBVAL.clear()
        for lesson, run in cells.items():
            answer_keys.UNDER_NBVAL[lesson] = (run[0].nodeid, run[-1].nodeid)
        if cells:  # the answer keys after nbval's cells, to read their verdicts
            keys = [item for item in items if _under_tests(item) == ANSWER_KEYS]
            items[:] = [item for item in items if _under_tests(item) != ANSWER_KEYS] + keys

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        lesson = _keyed_lesson(item)
        first, last = answer_keys.UNDER_NBVAL.get(lesson or "", ("", ""))
        kernel = getattr(item.parent, "kernel", None)
        if lesson is not None and item.nodeid == first and kernel is not None:
            _kernel_execute(
                kernel,
                f"__import__('sys').path.append({str(TESTS.parent)!r})\n"
                f"{_IN_KERNEL}.install(get_ipython())",
            )
        outcome = yield
        if lesson is None:
            return
        if outcome.excinfo is not None:
            answer_keys.FAILED_CELLS.add(lesson)
        elif item.nodeid == last and kernel is not None and lesson not in answer_keys.FAILED_CELLS:
            report = _kernel_execute(kernel, "", f"{_IN_KERNEL}.kernel_report({lesson!r})")
            answer_keys.KERNEL_VERDICTS[lesson] = json.loads(report)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_AnswerKeysOnNbval(), "cfwidget-answer-keys")
