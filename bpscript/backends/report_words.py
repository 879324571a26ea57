"""Every word of the balance report, in Japanese (its readers' language, the default) and
in English: the template and the charts print nothing else, so a new measure adds its
words here, in both languages, and `test_report` checks that neither lacks one."""

from __future__ import annotations

LANGUAGES = ("ja", "en")

WORDS: dict[str, dict[str, str]] = {
    "ja": {
        "title": "バランスレポート",
        "games": "{n} ゲーム",
        "intervals": "率には 95 % のウィルソン信頼区間を添えています。",
        "made_by": "作成したコマンド:",
        "rules": "ルール",
        "agents": "エージェント",
        "win-rates": "勝率",
        "lengths": "ゲームの長さ",
        "actions": "アクション",
        "run": "実行条件",
        "first_player": "先攻プレイヤー",
        "turn_limit": "ターン上限で終了",
        "average_turns": "平均ターン数",
        "shortest": "最短",
        "longest": "最長",
        "action": "アクション",
        "requested": "リクエスト",
        "resolved": "解決",
        "per_game": "1 ゲームあたりのリクエスト",
        "requester_wins": "リクエストしたプレイヤーの勝率",
        "none": "—",
        "actions_note": "「リクエスト」は誘発したものを含むすべてのリクエストを数えます。リクエストしたプレイヤーの勝率は、"
                        "そのアクションを自分でリクエストしたゲームごとに、そのプレイヤーを 1 回数えます。",
        "win_axis": "勝率 (棒: 95 % 信頼区間)",
        "turns_axis": "ターン数",
        "share_axis": "ゲームの割合",
        "per_game_axis": "1 ゲームあたり",
        "requester_axis": "リクエストしたプレイヤーの勝率 (95 % 信頼区間)",
        "regulation": "対戦レギュレーション",
        "seeds": "シード",
    },
    "en": {
        "title": "Balance report",
        "games": "{n} games",
        "intervals": "Rates carry 95 % Wilson confidence intervals.",
        "made_by": "Made by",
        "rules": "rules",
        "agents": "Agents",
        "win-rates": "Win rates",
        "lengths": "Game lengths",
        "actions": "Actions",
        "run": "Run",
        "first_player": "first player",
        "turn_limit": "ended by the turn limit",
        "average_turns": "average turns",
        "shortest": "shortest",
        "longest": "longest",
        "action": "action",
        "requested": "requested",
        "resolved": "resolved",
        "per_game": "requested per game",
        "requester_wins": "requester's win rate",
        "none": "—",
        "actions_note": "“Requested” counts every request, triggered ones included; the requester's win rate counts each "
                        "player once per game in which they requested the action themselves.",
        "win_axis": "win rate (bars: 95 % confidence interval)",
        "turns_axis": "turns",
        "share_axis": "share of games",
        "per_game_axis": "per game",
        "requester_axis": "win rate of the requester (95 % CI)",
        "regulation": "format / frame",
        "seeds": "seeds",
    },
}


def words(language: str = "ja") -> dict[str, str]:
    """The report's words in `language` (one of LANGUAGES)."""
    if language not in WORDS:
        raise ValueError(f"no report words in {language!r}: choose one of {', '.join(LANGUAGES)}")
    return WORDS[language]
